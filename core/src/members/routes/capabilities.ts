import type { FastifyInstance } from 'fastify';
import { listCapabilities, type CapabilityInfo } from '../capabilities.js';

/** GET /api/account/capabilities: what roles can be given, the kernel's and the plugins'. */
export async function capabilityRoutes(app: FastifyInstance): Promise<void> {
  let cached: CapabilityInfo[] | undefined;
  app.get(
    '/api/account/capabilities',
    {
      config: { capability: 'manage_options' },
      schema: {
        tags: ['account'],
        summary: 'List the capabilities a role can hold',
        response: {
          200: {
            type: 'object',
            required: ['capabilities'],
            properties: {
              capabilities: {
                type: 'array',
                items: { type: 'object', required: ['name', 'description'], properties: { name: { type: 'string' }, description: { type: 'string' } } },
              },
            },
          },
        },
      },
    },
    // The plugin set is fixed once the kernel has booted.
    async (request) => ({ capabilities: (cached ??= listCapabilities(request.server.kernel.plugins.plugins.map((p) => p.manifest))) }),
  );
}

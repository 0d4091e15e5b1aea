import type { FastifyInstance } from 'fastify';
import { typed } from '../../http/typed-app.js';
import { listCapabilities, type CapabilityInfo } from '../capabilities.js';
import { CapabilityList } from './schemas.js';

/** GET /api/account/capabilities: what roles can be given, the kernel's and the plugins'. */
export async function capabilityRoutes(server: FastifyInstance): Promise<void> {
  const app = typed(server);
  let cached: CapabilityInfo[] | undefined;
  app.get(
    '/api/account/capabilities',
    {
      config: { capability: 'manage_options' },
      schema: {
        tags: ['account'],
        summary: 'List the capabilities a role can hold',
        response: { 200: CapabilityList },
      },
    },
    // The plugin set is fixed once the kernel has booted.
    async (request) => ({ capabilities: (cached ??= listCapabilities(request.server.kernel.plugins.plugins.map((p) => p.manifest))) }),
  );
}

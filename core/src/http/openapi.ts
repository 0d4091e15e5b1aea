import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { KERNEL_VERSION } from '../version.js';
import { typed } from './typed-app.js';

/** The document @fastify/swagger builds, as any JSON object to the serializer. */
const OpenApiDocument = Type.Unsafe<ReturnType<FastifyInstance['swagger']>>({ type: 'object', additionalProperties: true });

/** The OpenAPI document, generated from every route's schema, and a browsable UI at /api/docs. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Lectern API',
        version: KERNEL_VERSION,
        description:
          'Every route of the kernel and of the installed plugins. Tenant routes answer on the site host ({slug}.{platform domain} or a custom domain).',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`),
    },
  });
  typed(app).get(
    '/api/openapi.json',
    {
      config: { public: true, tenancy: false },
      schema: { hide: true, response: { 200: OpenApiDocument } },
    },
    async () => app.swagger(),
  );
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}

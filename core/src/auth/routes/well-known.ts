import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { typed } from '../../http/typed-app.js';
import type { AuthService } from '../auth-service.js';
import type { AuthLimit } from '../limits/auth-limits.js';
import { AnyObject, authResponses } from './schemas.js';

/** Public key set (getClaims verifies tokens with it) and the site's auth settings. */
export function wellKnownRoutes(
  server: FastifyInstance,
  auth: AuthService,
  providers: (request: FastifyRequest) => Promise<string[]>,
  rateLimit: AuthLimit,
): void {
  const app = typed(server);
  app.get(
    '/.well-known/jwks.json',
    {
      config: { public: true, tenancy: false, authLimit: rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Keys that verify access tokens',
        response: authResponses({ 200: Type.Object({ keys: Type.Optional(Type.Array(AnyObject)) }) }),
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=600');
      return auth.tokens.jwks();
    },
  );

  app.get(
    '/settings',
    {
      config: { public: true, authLimit: rateLimit },
      schema: { tags: ['auth'], summary: "The site's sign-in options", response: authResponses({ 200: AnyObject }) },
    },
    async (request) => {
      const settings = await auth.settings(request.ctx);
      const external: Record<string, boolean> = { email: true, phone: true, anonymous_users: settings.anonymousEnabled };
      for (const provider of await providers(request)) external[provider] = true;
      return {
        external,
        disable_signup: !settings.signupEnabled,
        mailer_autoconfirm: settings.autoconfirm,
        phone_autoconfirm: settings.autoconfirm,
        sms_provider: 'development',
      };
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { AuthService } from '../auth/auth-service.js';

const SiteConfig = {
  type: 'object',
  required: ['account_id', 'backend_url', 'anon_key', 'language', 'currency', 'theme', 'custom_backend', 'dashboard'],
  properties: {
    account_id: { type: 'string' },
    slug: { type: 'string' },
    name: { type: 'string' },
    backend_url: { type: 'string', description: 'Base URL for createClient (auth, realtime, storage)' },
    anon_key: { type: 'string', description: 'The public key supabase-js sends as apikey' },
    custom_backend: { type: 'boolean', description: 'true when the site uses its own hosted Supabase project' },
    dashboard: {
      type: 'object',
      required: ['backend_url', 'anon_key'],
      description: "What the dashboard (/dashboard) connects with: always the platform's own backend, even when the public site uses a custom one",
      properties: { backend_url: { type: 'string' }, anon_key: { type: 'string' } },
    },
    language: { type: 'string' },
    currency: { type: 'string' },
    theme: { type: 'object', additionalProperties: true },
    features: { type: 'array', items: { type: 'string' } },
  },
} as const;

interface CustomBackend {
  url?: unknown;
  key?: unknown;
  public_key?: unknown;
}

/**
 * GET /api/site/config: what a browser needs to create its client for this site: the backend URL
 * and public key (ours, or the site's own hosted Supabase project when configured), language,
 * currency and theme. The dashboard always signs in against the platform (`dashboard`): its
 * members, roles and API live here, so a custom backend must not lock the owner out of it.
 */
export async function siteConfigRoutes(app: FastifyInstance, opts: { auth: AuthService }): Promise<void> {
  app.get(
    '/api/site/config',
    { config: { public: true }, schema: { tags: ['site'], summary: 'Browser configuration of this site', response: { 200: SiteConfig } } },
    async (request, reply) => {
      const { account } = request.ctx;
      const settings = account.settings as { defaultLanguage?: string; currency?: string; backend?: CustomBackend };
      const backend = settings.backend;
      const customUrl = typeof backend?.url === 'string' && backend.url !== '' ? backend.url : undefined;
      const customKey = typeof backend?.key === 'string' ? backend.key : typeof backend?.public_key === 'string' ? backend.public_key : undefined;
      const useCustom = customUrl !== undefined && customKey !== undefined;
      const own = { backend_url: opts.auth.siteUrl(request), anon_key: await opts.auth.tokens.anonKey(account.id, opts.auth.issuer(request)) };
      reply.header('cache-control', 'public, max-age=60');
      return {
        account_id: account.id,
        slug: account.slug,
        name: account.name,
        backend_url: useCustom ? customUrl : own.backend_url,
        anon_key: useCustom ? customKey : own.anon_key,
        custom_backend: useCustom,
        dashboard: own,
        language: settings.defaultLanguage ?? 'en',
        currency: settings.currency ?? 'USD',
        theme: account.theme,
        features: [...account.features].sort(),
      };
    },
  );
}

import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { typed } from '../http/typed-app.js';
import { JsonObject, type Wire } from '../schema/kit.js';
import type { AuthService } from '../auth/auth-service.js';

const SiteConfig = Type.Object({
  account_id: Type.String(),
  slug: Type.String(),
  name: Type.String(),
  backend_url: Type.String({ description: 'Base URL for createClient (auth, realtime, storage)' }),
  anon_key: Type.String({ description: 'The public key supabase-js sends as apikey' }),
  language: Type.String(),
  currency: Type.String(),
  theme: JsonObject,
  custom_backend: Type.Boolean({ description: 'true when the site uses its own hosted Supabase project' }),
  dashboard: Type.Object(
    { backend_url: Type.String(), anon_key: Type.String() },
    { description: "What the dashboard (/dashboard) connects with: always the platform's own backend, even when the public site uses a custom one" },
  ),
  features: Type.Array(Type.String(), { description: "The account's effective features" }),
});

/** GET /api/site/config's answer (the dashboard's and themes' client setup). */
export type SiteConfigWire = Wire<Static<typeof SiteConfig>>;

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
export async function siteConfigRoutes(server: FastifyInstance, opts: { auth: AuthService }): Promise<void> {
  const app = typed(server);
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

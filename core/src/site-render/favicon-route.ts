import type { FastifyInstance } from 'fastify';

/** A neutral mark for sites without an icon of their own: a rounded square with an open book. */
const DEFAULT_ICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#4f46e5"/><path d="M14 20c6-3 12-3 18 1v25c-6-4-12-4-18-1zM50 20c-6-3-12-3-18 1v25c6-4 12-4 18-1z" fill="#fff"/></svg>`;

/** settings.icon as a URL the browser can load: http(s) as is, a storage path under public storage. */
export function iconUrl(icon: unknown): string | null {
  if (typeof icon !== 'string' || icon === '') return null;
  if (/^https?:\/\//.test(icon)) return icon;
  if (icon.includes('..')) return null;
  return `/storage/v1/object/public/${icon.replace(/^\/+/, '')}`;
}

/**
 * /favicon.ico, which browsers ask for on every site whatever the page says: the site's own icon
 * (settings.icon) when it has one, else a default mark, so no site answers it with a 404.
 */
export async function faviconRoute(app: FastifyInstance): Promise<void> {
  app.get(
    '/favicon.ico',
    { config: { public: true }, schema: { hide: true, response: { 200: { type: 'string' }, 302: { type: 'null' } } } },
    async (request, reply) => {
      const own = iconUrl((request.ctx.account.settings as { icon?: unknown }).icon);
      reply.header('cache-control', 'public, max-age=86400');
      if (own !== null) return reply.redirect(own, 302);
      reply.type('image/svg+xml');
      return DEFAULT_ICON;
    },
  );
}

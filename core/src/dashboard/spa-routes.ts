import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, Errors } from '../errors/errors.js';
import { typed } from '../http/typed-app.js';
import { isReachable } from './menu-builder.js';
import type { MenuEntry } from './menu-entries.js';
import { menuOf } from './viewer.js';
import { VIDEO_PLAYER_ORIGINS } from '../site-render/player-origins.js';

export interface SpaOptions {
  /** The admin's production build (admin/dist): index.html and assets/. */
  distDir: string;
  entries: () => readonly MenuEntry[];
  /** Serve /login (false when a site theme draws its own sign-in page). */
  serveLogin: boolean;
}

const HtmlResponse = { 200: Type.String(), 404: Type.String(), 503: Type.String() };
const WildcardParams = Type.Object({ '*': Type.String({ maxLength: 1024 }) });

// styled-components writes <style> tags at run time; scripts come only from our own origin. The
// lesson player and the editor draw video blocks, so their players may be framed (and our own pages).
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "media-src 'self' blob: https:",
  "font-src 'self' data:",
  `frame-src 'self' ${VIDEO_PLAYER_ORIGINS.join(' ')}`,
  "connect-src 'self' https: wss: ws:",
  "frame-ancestors 'self'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/**
 * Serves the admin SPA: /dashboard and every path under it on every host (signed-in members only;
 * others are sent to the login page with redirectedFrom), and /login for signing in until a theme
 * provides its own. A path owned by a menu entry the member may not see answers 404, so a switched-off
 * add-on's screens are unreachable, not just unlisted. Built assets are immutable and precompressed.
 */
export async function spaRoutes(server: FastifyInstance, opts: SpaOptions): Promise<void> {
  const app = typed(server);
  const indexFile = join(opts.distDir, 'index.html');
  const assetsDir = join(opts.distDir, 'assets');
  // Read once: index.html changes only with a new build, and a new build means a restart.
  const indexHtml = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;
  const missing = 'The dashboard has not been built. Run `npm run build` and restart.';

  const sendIndex = (reply: FastifyReply, status = 200) => {
    reply.code(indexHtml === null ? 503 : status);
    reply.header('content-type', 'text/html; charset=utf-8');
    reply.header('cache-control', 'no-cache');
    reply.header('content-security-policy', CSP);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'same-origin');
    return indexHtml ?? missing;
  };

  const dashboardPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/dashboard';
    const { menu } = await menuOf(request, opts.entries());
    return sendIndex(reply, isReachable(opts.entries(), menu, path) ? 200 : 404);
  };
  // The shell stays open on a site whose bill lapsed: its owner pays from /dashboard/billing.
  const pageConfig = { capability: 'read', page: true, redirectTo: '/login', billing: true } as const;
  const pageSchema = { tags: ['dashboard'], hide: true, response: HtmlResponse };
  app.get('/dashboard', { config: pageConfig, schema: pageSchema }, dashboardPage);
  app.get('/dashboard/*', { config: pageConfig, schema: { ...pageSchema, params: WildcardParams } }, dashboardPage);

  const loginPage = async (_request: FastifyRequest, reply: FastifyReply) => sendIndex(reply);
  if (opts.serveLogin) app.get('/login', { config: { public: true, billing: true }, schema: pageSchema }, loginPage);
  app.get('/login/reset-password', { config: { public: true }, schema: pageSchema }, loginPage);

  if (existsSync(assetsDir)) {
    await app.register(fastifyStatic, { root: assetsDir, serve: false, preCompressed: true, decorateReply: true, cacheControl: false });
  }
  app.get(
    '/dashboard/assets/*',
    {
      config: { public: true, tenancy: false },
      schema: { hide: true, params: WildcardParams, response: { 200: Type.String() } },
    },
    async (request, reply) => {
      if (!existsSync(assetsDir)) throw new AppError(Errors.notFound);
      // File names carry a content hash, so a year of caching is safe.
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      return reply.sendFile(request.params['*']);
    },
  );
}

import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { typed } from '../http/typed-app.js';
import type { SiteFeedDeps } from './index.js';

// Signed-in areas and the API are of no use in search results and only waste crawl budget.
const DISALLOWED = ['/dashboard', '/api/', '/checkout'];

/** GET /robots.txt of every site: what crawlers skip, and where the sitemap is. */
export async function robotsRoutes(server: FastifyInstance, deps: SiteFeedDeps): Promise<void> {
  const app = typed(server);
  app.get(
    '/robots.txt',
    {
      config: { public: true },
      schema: { tags: ['site'], summary: "The site's robots.txt", response: { 200: Type.String() } },
    },
    async (request, reply) => {
      const lines = ['User-agent: *', ...DISALLOWED.map((path) => `Disallow: ${path}`), '', `Sitemap: ${deps.siteUrl(request)}/sitemap.xml`];
      reply.header('cache-control', 'public, max-age=300');
      reply.type('text/plain; charset=utf-8');
      return `${lines.join('\n')}\n`;
    },
  );
}

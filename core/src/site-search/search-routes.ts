import type { FastifyInstance } from 'fastify';
import { AppError, Errors } from '../errors/errors.js';
import { typed } from '../http/typed-app.js';
import type { HookBus } from '../hooks/hook-bus.js';
import { SEARCH_LIMIT, type SiteSearchHit, type SiteSearchResults } from './contract.js';
import { searchContent } from './content-search.js';
import { searchMembers } from './member-search.js';
import type { SiteSearchKind } from './search-hook.js';
import { SearchQuery, SearchResults } from './schemas.js';

export interface SiteSearchDeps {
  hooks: HookBus;
}

/** Answer order of the types (and what 'all' means). */
const KINDS: readonly SiteSearchKind[] = ['courses', 'blog', 'pages', 'members'];

/** Results are the same for every visitor, so shared caches may keep them briefly. */
const CACHE_CONTROL = 'public, max-age=60';

/** A plugin's hit, kept only when it is well formed and its url is a path on this site. */
function cleanHit(hit: unknown): SiteSearchHit | null {
  if (hit === null || typeof hit !== 'object') return null;
  const { id, title, url, image, excerpt } = hit as Record<string, unknown>;
  if (typeof id !== 'string' || typeof title !== 'string' || typeof url !== 'string') return null;
  if (!url.startsWith('/') || url.startsWith('//') || url.includes('\\')) return null;
  return { id, title, url, image: typeof image === 'string' && image !== '' ? image : null, excerpt: typeof excerpt === 'string' ? excerpt : '' };
}

/** GET /api/site/search (SPEC §2 search modal, §5, §7): titles of visible posts and pages, member names, and plugins' types. */
export async function searchRoutes(server: FastifyInstance, deps: SiteSearchDeps): Promise<void> {
  const app = typed(server);
  app.get(
    '/api/site/search',
    {
      config: { public: true },
      schema: {
        tags: ['site'],
        summary: `Find posts, pages, members and plugins' content (courses) by title or name: at most ${SEARCH_LIMIT} hits per type`,
        querystring: SearchQuery,
        response: { 200: SearchResults },
      },
    },
    async (request, reply) => {
      const { ctx } = request;
      const term = request.query.term.trim();
      if (term === '') throw new AppError(Errors.validation, 'The search term is empty');
      // Ajv has filled in the default type ('all'); the fallback restates it for the type.
      const type = request.query.type ?? 'all';
      const types = type === 'all' ? [...KINDS] : [type];
      const accountId = ctx.account.id;

      // One after another: they share the request's transaction (one connection).
      const results: SiteSearchResults = {};
      if (types.includes('courses')) results.courses = [];
      if (types.includes('blog')) results.blog = await searchContent(ctx.db, accountId, 'post', term, SEARCH_LIMIT);
      if (types.includes('pages')) results.pages = await searchContent(ctx.db, accountId, 'page', term, SEARCH_LIMIT);
      if (types.includes('members')) results.members = await searchMembers(ctx.db, accountId, term, SEARCH_LIMIT);

      const filtered = await deps.hooks.applyFilters(
        'site.search',
        { query: { term, types, limit: SEARCH_LIMIT, accountId, userId: ctx.userId }, db: ctx.db, results },
        ctx.hookScope,
      );
      // Whatever plugins returned: only the types asked for, well-formed hits, at most the limit each.
      const answer: SiteSearchResults = {};
      for (const kind of types) {
        const hits = filtered?.results?.[kind];
        answer[kind] = Array.isArray(hits)
          ? hits
              .map(cleanHit)
              .filter((h): h is SiteSearchHit => h !== null)
              .slice(0, SEARCH_LIMIT)
          : [];
      }
      reply.header('cache-control', CACHE_CONTROL);
      return answer;
    },
  );
}

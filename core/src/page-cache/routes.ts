import type { FastifyInstance } from 'fastify';
import { AppError, Errors } from '../errors/errors.js';
import { SITE_OPTION_KEYS, type PageCache, type SiteOptionKey } from './page-cache.js';

export interface PageCacheRouteDeps {
  pageCache: PageCache;
}

/** SPEC §2: the admin rail's "clear page cache" belongs to the site's admins. */
const PURGERS = ['manage_options', 'admin'];
const Uuid = { type: 'string', format: 'uuid' } as const;
const PagePath = {
  type: 'string',
  minLength: 1,
  maxLength: 2048,
  // A site path: starts with '/', no control characters.
  pattern: '^/[^\\u0000-\\u001f\\u007f]*$',
  description: "The page's path on the site, e.g. /about or /blog/my-post",
} as const;
const Purged = {
  type: 'object',
  required: ['status', 'purged'],
  additionalProperties: false,
  properties: {
    status: { type: 'boolean' },
    purged: { type: 'integer', description: 'Entries dropped on the instance that answered; the others drop theirs through the bus' },
  },
} as const;

function sameAccount(given: string, account: string, field: string): void {
  if (given !== account) throw new AppError(Errors.forbidden, `${field} is not the account of this site`);
}

/** SPEC §7 cache calls: purge one page (every variant) or, for a site option, every page of the site. */
export async function pageCacheRoutes(app: FastifyInstance, deps: PageCacheRouteDeps): Promise<void> {
  app.get<{ Querystring: { site: string; path: string } }>(
    '/api/site/revalidateCache',
    {
      config: { capability: PURGERS },
      schema: {
        tags: ['site'],
        summary: "Drop one page's cached renders on every instance",
        description: 'One call per page path; the editor reloads the page once it answers. Errors: forbidden (403) when site is not this site.',
        querystring: {
          type: 'object',
          required: ['site', 'path'],
          additionalProperties: false,
          properties: { site: { ...Uuid, description: 'The account id of this site' }, path: PagePath },
        },
        response: { 200: Purged },
      },
    },
    async (request) => {
      const { account } = request.ctx;
      sameAccount(request.query.site, account.id, 'site');
      return { status: true, purged: await deps.pageCache.purgePath(account.id, request.query.path) };
    },
  );

  app.get<{ Querystring: { account_id: string; key: SiteOptionKey } }>(
    '/api/site/invalidateCache',
    {
      config: { capability: PURGERS },
      schema: {
        tags: ['site'],
        summary: 'Drop every cached page of the site after one of its site options changed',
        description:
          'Theme, menus, header, footer and misc appear on every page, so each key purges the whole site on every instance. ' +
          'Errors: validation_failed (400) for another key, forbidden (403) when account_id is not this site.',
        querystring: {
          type: 'object',
          required: ['account_id', 'key'],
          additionalProperties: false,
          properties: { account_id: Uuid, key: { type: 'string', enum: [...SITE_OPTION_KEYS] } },
        },
        response: { 200: Purged },
      },
    },
    async (request) => {
      const { account } = request.ctx;
      sameAccount(request.query.account_id, account.id, 'account_id');
      return { status: true, purged: await deps.pageCache.purgeKey(account.id, request.query.key) };
    },
  );
}

import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { AppError, Errors } from '../errors/errors.js';
import { typed } from '../http/typed-app.js';
import { StringEnum, Uuid, type Wire } from '../schema/kit.js';
import { SITE_OPTION_KEYS, type PageCache } from './page-cache.js';

export interface PageCacheRouteDeps {
  pageCache: PageCache;
}

/** SPEC §2: the admin rail's "clear page cache" belongs to the site's admins. */
const PURGERS = ['manage_options', 'admin'];
const PagePath = Type.String({
  minLength: 1,
  maxLength: 2048,
  // A site path: starts with '/', no control characters.
  pattern: '^/[^\\u0000-\\u001f\\u007f]*$',
  description: "The page's path on the site, e.g. /about or /blog/my-post",
});
const Purged = Type.Object(
  {
    status: Type.Boolean(),
    purged: Type.Integer({ description: 'Entries dropped on the instance that answered; the others drop theirs through the bus' }),
  },
  { additionalProperties: false },
);
export type PurgedWire = Wire<Static<typeof Purged>>;

function sameAccount(given: string, account: string, field: string): void {
  if (given !== account) throw new AppError(Errors.forbidden, `${field} is not the account of this site`);
}

/** SPEC §7 cache calls: purge one page (every variant) or, for a site option, every page of the site. */
export async function pageCacheRoutes(server: FastifyInstance, deps: PageCacheRouteDeps): Promise<void> {
  const app = typed(server);
  app.get(
    '/api/site/revalidateCache',
    {
      config: { capability: PURGERS },
      schema: {
        tags: ['site'],
        summary: "Drop one page's cached renders on every instance",
        description: 'One call per page path; the editor reloads the page once it answers. Errors: forbidden (403) when site is not this site.',
        querystring: Type.Object(
          { site: Type.String({ format: 'uuid', description: 'The account id of this site' }), path: PagePath },
          { additionalProperties: false },
        ),
        response: { 200: Purged },
      },
    },
    async (request) => {
      const { account } = request.ctx;
      sameAccount(request.query.site, account.id, 'site');
      return { status: true, purged: await deps.pageCache.purgePath(account.id, request.query.path) };
    },
  );

  app.get(
    '/api/site/invalidateCache',
    {
      config: { capability: PURGERS },
      schema: {
        tags: ['site'],
        summary: 'Drop every cached page of the site after one of its site options changed',
        description:
          'Theme, menus, header, footer and misc appear on every page, so each key purges the whole site on every instance. ' +
          'Errors: validation_failed (400) for another key, forbidden (403) when account_id is not this site.',
        querystring: Type.Object({ account_id: Uuid, key: StringEnum(SITE_OPTION_KEYS) }, { additionalProperties: false }),
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

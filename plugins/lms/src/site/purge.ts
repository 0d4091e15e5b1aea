import type { PluginApp, RequestContext } from '@lectern/sdk';

/**
 * Once the change has committed, drops the shared renders it alters: the catalogue (every page and
 * category of it), the home page (course blocks list courses) and the named courses' landing pages.
 * Purges reach every instance through the page cache's bus.
 */
export function purgeCoursePages(app: PluginApp, ctx: RequestContext, slugs: ReadonlyArray<string | undefined>): void {
  const accountId = ctx.account.id;
  ctx.afterCommit(async () => {
    const pages = app.kernel.pageCache;
    await pages.purgePath(accountId, '/course');
    await pages.purgePath(accountId, '/');
    for (const slug of new Set(slugs)) if (slug !== undefined && slug !== '') await pages.purgePath(accountId, `/course/${encodeURIComponent(slug)}`);
  });
}

/** A change that may show on any course page (a category's name): the account's pages all go. */
export function purgeAllPages(app: PluginApp, ctx: RequestContext): void {
  const accountId = ctx.account.id;
  ctx.afterCommit(async () => void (await app.kernel.pageCache.purgeAccount(accountId)));
}

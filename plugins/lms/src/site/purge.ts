import type { PluginContext, RequestContext } from '@lectern/sdk';
import type { LmsEvents } from '../events/index.js';

/**
 * Once a change to what a course's landing page shows (its curriculum, its reviews) has committed,
 * drops the shared renders of that page and of the catalogue (every page and category of it).
 * Purges reach every instance through the page cache's bus.
 */
export function purgeCoursePages(plugin: PluginContext, ctx: RequestContext, slugs: ReadonlyArray<string | undefined>): void {
  const accountId = ctx.account.id;
  ctx.afterCommit(async () => {
    const pages = plugin.pageCache;
    await pages.purgePath(accountId, '/course');
    for (const slug of new Set(slugs)) if (slug !== undefined && slug !== '') await pages.purgePath(accountId, `/course/${encodeURIComponent(slug)}`);
  });
}

/**
 * A change to what course lists show (a course's title, its publication, a category's name): any
 * page may hold a course grid or card, so the account's shared renders all go.
 */
export function purgeAllPages(plugin: PluginContext, ctx: RequestContext): void {
  const accountId = ctx.account.id;
  ctx.afterCommit(async () => void (await plugin.pageCache.purgeAccount(accountId)));
}

/**
 * A student joining or leaving changes the landing page's student count and seats left (a full
 * course must stop offering enrolment): its page and the catalogue go once the change commits.
 * Course grids elsewhere show the count too; they catch up when their render expires.
 */
export function purgeOnEnrolment(plugin: PluginContext, events: LmsEvents): void {
  events.listen({
    async enrolmentChanged(scope, course) {
      scope.afterCommit(async () => {
        await plugin.pageCache.purgePath(scope.accountId, '/course');
        await plugin.pageCache.purgePath(scope.accountId, `/course/${encodeURIComponent(course.slug)}`);
      });
    },
  });
}

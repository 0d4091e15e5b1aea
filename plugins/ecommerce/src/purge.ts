import type { PluginContext, PluginRequest } from '@lectern/sdk';

/**
 * Drops the site's cached pages once the request's transaction commits: product blocks show
 * products on any page, and membership levels decide which pages visitors may read.
 */
export function purgeSitePages(plugin: PluginContext, request: PluginRequest): void {
  const { pageCache } = plugin;
  const accountId = request.ctx.account.id;
  request.ctx.afterCommit(async () => {
    await pageCache.purgeAccount(accountId);
  });
}

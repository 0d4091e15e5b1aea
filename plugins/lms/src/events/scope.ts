import type { PluginContext, PluginRequest, WorkScope } from '@lectern/sdk';

/**
 * The unit of work LMS events run in: the caller's transaction (touchpoint notifications are written
 * in it, emails and hooks wait for its commit), plus what links and greetings need.
 */
export interface LmsScope extends WorkScope {
  /** The site's name, for templates' {{site_name}}. */
  readonly siteName: string;
  /** The site's address (scheme and host), for links in emails. */
  readonly origin: string;
}

/**
 * The scope of a route: its transaction, its account, and the site's address as the kernel builds
 * it (from the account the host resolved to, never from a raw Host header a client could forge).
 */
export function requestScope(plugin: PluginContext, request: PluginRequest): LmsScope {
  const { ctx } = request;
  return {
    db: ctx.db,
    accountId: ctx.account.id,
    features: ctx.account.features,
    afterCommit: (task) => ctx.afterCommit(task),
    siteName: ctx.account.name,
    origin: plugin.siteUrl(request),
  };
}

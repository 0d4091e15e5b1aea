import type { PluginContext, PluginRequest, WorkScope } from '@lectern/sdk';

/**
 * A unit of shop work: the caller's transaction in the account's tenancy, run-after-commit, and
 * the site's name and address (the LMS needs them for the emails a new enrolment sends).
 */
export interface ShopScope extends WorkScope {
  readonly siteName: string;
  readonly origin: string;
}

/** The scope of a route; the address is the kernel's (ctx.siteUrl), never built from a raw Host header. */
export function requestScope(plugin: PluginContext, request: PluginRequest): ShopScope {
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

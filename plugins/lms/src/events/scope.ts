import type { RequestContext, WorkScope } from '@lectern/sdk';

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

interface RequestLike {
  ctx: RequestContext;
  protocol: string;
  host: string;
}

/** The scope of a route: its transaction, its account, and the address the member used. */
export function requestScope(request: RequestLike): LmsScope {
  const { ctx } = request;
  return {
    db: ctx.db,
    accountId: ctx.account.id,
    features: ctx.account.features,
    afterCommit: (task) => ctx.afterCommit(task),
    siteName: ctx.account.name,
    origin: `${request.protocol}://${request.host}`,
  };
}

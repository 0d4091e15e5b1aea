import type { AnyDb } from '../db/database.js';
import type { ContentType } from './content-store.js';

/**
 * The filter plugins answer to keep a published page or post from some readers (a shop's
 * membership levels): `allowed` false keeps its body out of the public content API. The site's
 * own pages ask PluginSite.contentAccess instead, which also says what to show in its place.
 */
export const CONTENT_ACCESS_FILTER = 'content.access';

export interface ContentAccessQuery {
  /** The request's transaction (row-level security keeps it to the account). */
  db: AnyDb;
  accountId: string;
  /** The reader, or null for a signed-out visitor. */
  userId: string | null;
  /** Site managers read everything. */
  canManage: boolean;
  item: { id: string; type: ContentType; slug: string };
  allowed: boolean;
}

declare module '../hooks/hook-bus.js' {
  interface FilterHooks {
    'content.access': ContentAccessQuery;
  }
}

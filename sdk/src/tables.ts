import type { AnyDb } from '@lectern/core';
import type { Kysely } from 'kysely';

/**
 * Typed tables for plugins (Plugin API v1). A plugin declares its tables once, as an interface of
 * table name → row type, and opens the kernel's database handles with `defineTables<ItsTables>()`.
 * The kernel tables a plugin may read are the documented views below: only their public columns,
 * read through the app role under row-level security. The one cast lives here.
 */

/** `members`: a user's membership of a site (SPEC §3 Member). */
export interface MembersView {
  account_id: string;
  user_id: string;
  role_id: string;
  /** The name the member goes by on this site ('' when unset). */
  name: string;
  email: string | null;
}

/** `users`: the public columns of a user (names for lists; the email a member may not have on the site). */
export interface UsersView {
  id: string;
  display_name: string;
  email: string | null;
}

/** `roles`: a site's roles and the capabilities each grants. */
export interface RolesView {
  account_id: string;
  id: string;
  caps: string[];
}

/** `content_items`: the site's pages and posts (SPEC §3 Page, Post), by id and type. */
export interface ContentItemsView {
  account_id: string;
  id: string;
  type: string;
}

/** The kernel tables a plugin may read, with the columns it may rely on. */
export interface KernelViews {
  members: MembersView;
  users: UsersView;
  roles: RolesView;
  content_items: ContentItemsView;
}

/**
 * A database handle as the kernel hands it over (a request's `ctx.db`, a scope's or a job's `db`,
 * `withSystem`'s): untyped on purpose, opened with the plugin's tables accessor before use. Use it
 * in signatures that cross plugins (a contract's method gets the caller's transaction).
 */
export type DbHandle = AnyDb;

/** A plugin's typed database: its own tables plus the kernel's documented views. */
export type PluginDb<Tables> = Kysely<Tables & KernelViews>;

/** Opens a handle (or anything carrying one as `db`: a request context, a scope) with the plugin's tables. */
export type TablesAccessor<Tables> = (source: DbHandle | { readonly db: DbHandle }) => PluginDb<Tables>;

/**
 * The typed accessor of a plugin's tables: `export const shopDb = defineTables<ShopTables>();` then
 * `shopDb(request.ctx)` or `shopDb(scope.db)`. The handle is the same transaction, typed.
 */
export function defineTables<Tables>(): TablesAccessor<Tables> {
  return (source) => ('selectFrom' in source ? source : source.db) as PluginDb<Tables>;
}

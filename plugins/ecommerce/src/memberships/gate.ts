import { sql, type DbHandle, type ContentAccessInput, type ContentAccessQuery, type ContentAccessResult } from '@lectern/sdk';
import { shopDb } from '../db/tables.js';

/** What the locked view shows: the levels that open the page and what sells them. */
export interface LockedPageData {
  title: string;
  signedIn: boolean;
  levels: Array<{ id: string; name: string; description: string }>;
  offers: Array<{ id: string; title: string; amount: number; type: 'onetime' | 'subscription'; duration: { value: number; parameter: string } | null }>;
  currency: string;
}

/**
 * The levels that keep a page or post from this reader, or null when they may read it: an item no
 * level names is open (one indexed query, the common case); site managers and members holding any
 * naming level read it.
 */
export async function lockingLevels(
  anyDb: DbHandle,
  accountId: string,
  itemId: string,
  userId: string | null,
  canManage: boolean,
): Promise<Array<{ id: string; name: string; description: string }> | null> {
  const db = shopDb(anyDb);
  const levels = await db
    .selectFrom('ecommerce_memberships')
    .select(['id', 'name', 'description'])
    .where('account_id', '=', accountId)
    .where(sql<boolean>`content_ids ? ${itemId}`)
    .orderBy('name')
    .execute();
  if (levels.length === 0 || canManage) return null;
  if (userId === null) return levels;
  const held = await db
    .selectFrom('ecommerce_member_memberships')
    .select('membership_id')
    .where('account_id', '=', accountId)
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .where(
      'membership_id',
      'in',
      levels.map((level) => level.id),
    )
    .executeTakeFirst();
  return held === undefined ? levels : null;
}

/** CONTENT_ACCESS_FILTER: the public content API keeps a locked item's body from this reader. */
export async function contentAccessFilter(query: ContentAccessQuery): Promise<ContentAccessQuery> {
  if (!query.allowed) return query;
  const levels = await lockingLevels(query.db, query.accountId, query.item.id, query.userId, query.canManage);
  return levels === null ? query : { ...query, allowed: false };
}

/** PluginSite.contentAccess: a locked page or post is drawn as the locked view, with the offers that open it. */
export async function membershipGate(input: ContentAccessInput): Promise<ContentAccessResult | null> {
  const viewer = input.viewer;
  const levels = await lockingLevels(input.db, input.accountId, input.item.id, viewer?.userId ?? null, viewer?.caps.includes('manage_options') ?? false);
  if (levels === null) return null;
  const ids = levels.map((level) => level.id);
  const offers = await shopDb(input.db)
    .selectFrom('ecommerce_products')
    .select(['id', 'title', 'amount', 'price_type', 'duration_value', 'duration_parameter'])
    .where('account_id', '=', input.accountId)
    .where('status', '=', 'published')
    .where('membership_id', 'in', ids)
    .orderBy('amount')
    .limit(6)
    .execute();
  const data: LockedPageData = {
    title: input.item.title,
    signedIn: viewer !== null,
    levels,
    offers: offers.map((offer) => ({
      id: offer.id,
      title: offer.title,
      amount: Number(offer.amount),
      type: offer.price_type,
      duration:
        offer.duration_value !== null && offer.duration_parameter !== null ? { value: offer.duration_value, parameter: offer.duration_parameter } : null,
    })),
    currency: input.currency,
  };
  return { view: 'locked', data };
}

import { sql, type ContentAccessInput, type ContentAccessResult } from '@lectern/sdk';
import type { ShopDb } from '../db/tables.js';

/** What the locked view shows: the levels that open the page and what sells them. */
export interface LockedPageData {
  title: string;
  signedIn: boolean;
  levels: Array<{ id: string; name: string; description: string }>;
  offers: Array<{ id: string; title: string; amount: number; type: 'onetime' | 'subscription'; duration: { value: number; parameter: string } | null }>;
  currency: string;
}

/**
 * PluginSite.contentAccess for membership levels: a page or post named by a level is for members
 * holding any such level (site managers always read it). One indexed query for ungated pages, the
 * common case; the grants and the offers only for gated ones.
 */
export async function membershipGate(input: ContentAccessInput): Promise<ContentAccessResult | null> {
  const db = input.db as ShopDb;
  const levels = await db
    .selectFrom('ecommerce_memberships')
    .select(['id', 'name', 'description'])
    .where('account_id', '=', input.accountId)
    .where(sql<boolean>`content_ids ? ${input.item.id}`)
    .orderBy('name')
    .execute();
  if (levels.length === 0) return null;
  const viewer = input.viewer;
  if (viewer !== null && viewer.caps.includes('manage_options')) return null;
  const ids = levels.map((level) => level.id);
  if (viewer !== null) {
    const held = await db
      .selectFrom('ecommerce_member_memberships')
      .select('membership_id')
      .where('account_id', '=', input.accountId)
      .where('user_id', '=', viewer.userId)
      .where('status', '=', 'active')
      .where('membership_id', 'in', ids)
      .executeTakeFirst();
    if (held !== undefined) return null;
  }
  const offers = await db
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
      duration: offer.duration_value !== null && offer.duration_parameter !== null ? { value: offer.duration_value, parameter: offer.duration_parameter } : null,
    })),
    currency: input.currency,
  };
  return { view: 'locked', data };
}

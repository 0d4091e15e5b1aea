import type { DbHandle } from '@lectern/sdk';
import { shopDb } from '../db/tables.js';

/**
 * Records a provider event inside the transaction that handles it; false when it was recorded
 * before. A second delivery running at the same time waits on the first one's row and, once that
 * commits, finds it: each event is handled exactly once.
 */
export async function firstDelivery(db: DbHandle, accountId: string, provider: string, eventId: string, type: string): Promise<boolean> {
  const inserted = await shopDb(db)
    .insertInto('ecommerce_webhook_events')
    .values({ account_id: accountId, provider, event_id: eventId, type })
    .onConflict((oc) => oc.columns(['account_id', 'provider', 'event_id']).doNothing())
    .returning('event_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/**
 * A verified event handled at most once: `apply` runs (in the request's transaction) the first time
 * its id arrives; a repeat delivery changes nothing. Answers what every webhook route answers.
 */
export async function handleOnce(
  ctx: { db: DbHandle; account: { id: string } },
  provider: string,
  event: { id: string; type: string },
  apply: () => Promise<void>,
): Promise<{ received: true; duplicate: boolean }> {
  if (!(await firstDelivery(ctx.db, ctx.account.id, provider, event.id, event.type))) return { received: true, duplicate: true };
  await apply();
  return { received: true, duplicate: false };
}

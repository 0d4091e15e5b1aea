import { appError, sql, type DbHandle, type Selectable } from '@lectern/sdk';
import { shopDb, type CouponsTable } from '../db/tables.js';
import { ShopErrors } from '../errors.js';
import { couponDiscount } from './discount.js';
import { couponVerdict, type CouponMessage } from './rules.js';

export type CouponRow = Selectable<CouponsTable>;

/** Orders that no longer count as using their coupon. */
const VOID_STATUSES = ['cancelled', 'failed'] as const;

/** The account's coupon of that name (names compare without case), or undefined. */
export async function findCouponByName(anyDb: DbHandle, accountId: string, name: string): Promise<CouponRow | undefined> {
  const row = await shopDb(anyDb)
    .selectFrom('ecommerce_coupons')
    .selectAll()
    .where('account_id', '=', accountId)
    .where(sql<boolean>`lower(name) = lower(${name.trim()})`)
    .executeTakeFirst();
  return row === undefined ? undefined : normalise(row);
}

/** numeric comes back as a string from some drivers. */
function normalise(row: CouponRow): CouponRow {
  return { ...row, coupon_amount: Number(row.coupon_amount) };
}

/** How many of the user's orders used the coupon (SPEC §5 per-user limit); 0 for visitors. */
export async function userCouponUses(anyDb: DbHandle, accountId: string, couponId: string, userId: string | null): Promise<number> {
  if (userId === null) return 0;
  const row = await shopDb(anyDb)
    .selectFrom('ecommerce_orders')
    .select(sql<number>`count(*)::int`.as('uses'))
    .where('account_id', '=', accountId)
    .where('coupon_id', '=', couponId)
    .where('user_id', '=', userId)
    .where('status', 'not in', VOID_STATUSES)
    .executeTakeFirstOrThrow();
  return row.uses;
}

export type CouponCheck = { found: false } | { found: true; coupon: CouponRow; message: CouponMessage; discount: number };

/** SPEC §5: what applying `name` to a cart of `subtotal` would do, without taking a use. */
export async function checkCoupon(
  db: DbHandle,
  accountId: string,
  name: string,
  userId: string | null,
  subtotal: number,
  now = new Date(),
): Promise<CouponCheck> {
  const coupon = await findCouponByName(db, accountId, name);
  if (coupon === undefined) return { found: false };
  const message = couponVerdict(coupon, now, await userCouponUses(db, accountId, coupon.id, userId));
  const discount = message === 'cart.couponApplied' ? couponDiscount(subtotal, coupon.discount_type, coupon.coupon_amount) : 0;
  return { found: true, coupon, message, discount };
}

/**
 * Takes one use of the coupon for an order being created, inside the order's transaction. The
 * conditional increment locks the coupon's row, so concurrent checkouts queue on it and a usage
 * limit of N lets exactly N through; the per-user count is read after the lock for the same
 * reason. Any failed rule throws coupon_rejected with SPEC's message key, rolling the use back.
 */
export async function takeCoupon(
  anyDb: DbHandle,
  accountId: string,
  name: string,
  userId: string,
  subtotal: number,
  now = new Date(),
): Promise<{ coupon: CouponRow; discount: number }> {
  const db = shopDb(anyDb);
  const found = await findCouponByName(db, accountId, name);
  if (found === undefined) throw appError(ShopErrors.couponNotFound);
  const taken = await db
    .updateTable('ecommerce_coupons')
    .set({ usage_count: sql<number>`usage_count + 1` })
    .where('account_id', '=', accountId)
    .where('id', '=', found.id)
    .where((eb) => eb.or([eb('usage_limit', '=', 0), eb('usage_count', '<', eb.ref('usage_limit'))]))
    .returningAll()
    .executeTakeFirst();
  if (taken === undefined) throw rejected('cart.couponLimit');
  const coupon = normalise(taken);
  // The use just taken is not one of the user's earlier orders: check the rules as before it.
  const message = couponVerdict({ ...coupon, usage_count: coupon.usage_count - 1 }, now, await userCouponUses(db, accountId, coupon.id, userId));
  if (message !== 'cart.couponApplied') throw rejected(message);
  return { coupon, discount: couponDiscount(subtotal, coupon.discount_type, coupon.coupon_amount) };
}

/** Gives a use back when its order is cancelled or fails. */
export async function releaseCoupon(anyDb: DbHandle, accountId: string, couponId: string): Promise<void> {
  await shopDb(anyDb)
    .updateTable('ecommerce_coupons')
    .set({ usage_count: sql<number>`greatest(usage_count - 1, 0)` })
    .where('account_id', '=', accountId)
    .where('id', '=', couponId)
    .execute();
}

/** One code, one message key (cart.couponRejected); the SPEC §5 reason the shop shows rides in details.messageKey. */
function rejected(messageKey: CouponMessage) {
  return appError(ShopErrors.couponRejected, undefined, { messageKey });
}

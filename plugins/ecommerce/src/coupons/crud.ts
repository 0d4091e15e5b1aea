import { appError, sql, type DbHandle } from '@lectern/sdk';
import { shopDb } from '../db/tables.js';
import { ShopErrors } from '../errors.js';
import type { CouponInputWire, CouponWire } from './schemas.js';
import type { CouponRow } from './store.js';

const isoOrNull = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** SPEC §3 Coupon as the API shows it (CouponSchema: dates as ISO strings or null). */
export function couponView(row: CouponRow): CouponWire {
  return {
    id: row.id,
    name: row.name,
    usage_limit: row.usage_limit,
    usage_count: row.usage_count,
    date_start: isoOrNull(row.date_start),
    date_end: isoOrNull(row.date_end),
    per_user_limit: row.per_user_limit,
    discount_type: row.discount_type,
    coupon_amount: Number(row.coupon_amount),
    created_at: new Date(row.created_at).toISOString(),
  };
}

const columnsOf = (input: CouponInputWire) => ({
  name: input.name.trim(),
  usage_limit: input.usage_limit ?? 0,
  date_start: input.date_start ? new Date(input.date_start) : null,
  date_end: input.date_end ? new Date(input.date_end) : null,
  per_user_limit: input.per_user_limit ?? 0,
  discount_type: input.discount_type,
  coupon_amount: input.coupon_amount,
});

/** Postgres' unique-violation code: another coupon of the account already has the name. */
const isNameTaken = (error: unknown): boolean => (error as { code?: unknown }).code === '23505';

export async function listCoupons(
  anyDb: DbHandle,
  accountId: string,
  offset: number,
  limit: number,
  search: string,
): Promise<{ count: number; items: CouponWire[] }> {
  let base = shopDb(anyDb).selectFrom('ecommerce_coupons').where('account_id', '=', accountId);
  if (search.trim() !== '') base = base.where(sql<boolean>`strpos(lower(name), lower(${search.trim()})) > 0`);
  const [rows, counted] = await Promise.all([
    base.selectAll().orderBy('created_at', 'desc').orderBy('id').offset(offset).limit(limit).execute(),
    base.select(sql<number>`count(*)::int`.as('count')).executeTakeFirstOrThrow(),
  ]);
  return { count: counted.count, items: rows.map(couponView) };
}

export async function createCoupon(anyDb: DbHandle, accountId: string, input: CouponInputWire): Promise<CouponWire> {
  const db = shopDb(anyDb);
  try {
    const row = await db
      .insertInto('ecommerce_coupons')
      .values({ account_id: accountId, ...columnsOf(input) })
      .returningAll()
      .executeTakeFirstOrThrow();
    return couponView(row);
  } catch (error) {
    throw isNameTaken(error) ? appError(ShopErrors.couponNameTaken) : error;
  }
}

/** Replaces a coupon's terms; its usage count stays (it counts orders, not settings). */
export async function updateCoupon(anyDb: DbHandle, accountId: string, id: string, input: CouponInputWire): Promise<CouponWire> {
  const db = shopDb(anyDb);
  let row: CouponRow | undefined;
  try {
    row = await db
      .updateTable('ecommerce_coupons')
      .set(columnsOf(input))
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  } catch (error) {
    throw isNameTaken(error) ? appError(ShopErrors.couponNameTaken) : error;
  }
  if (row === undefined) throw appError(ShopErrors.couponNotFound);
  return couponView(row);
}

export async function deleteCoupon(anyDb: DbHandle, accountId: string, id: string): Promise<void> {
  const deleted = await shopDb(anyDb)
    .deleteFrom('ecommerce_coupons')
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  if (deleted === undefined) throw appError(ShopErrors.couponNotFound);
}

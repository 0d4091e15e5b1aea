import { appError, containsPattern, sql, type DbHandle, type Selectable } from '@lectern/sdk';
import { shopDb, type ProductsTable, type ShopDb } from '../db/tables.js';
import { ShopErrors } from '../errors.js';
import { priceNow, saleIsOn, type SaleTerms } from '../sale.js';
import type { ProductInputWire, ProductPageQuery, ProductWire } from './schemas.js';

export type ProductRow = Selectable<ProductsTable>;

/** Rows per page at most (SPEC §7 page range). */
export const MAX_PAGE = 100;

const iso = (value: Date | string): string => new Date(value).toISOString();

/** The row's sale while it is on at `now`; an ended sale is no sale. */
export function saleOf(row: ProductRow, now: number = Date.now()): SaleTerms | null {
  if (row.sale_amount === null) return null;
  const sale = { amount: Number(row.sale_amount), ends_at: row.sale_ends_at === null ? null : iso(row.sale_ends_at) };
  return saleIsOn(sale, now) ? sale : null;
}

/** What the product costs now (the sale price while a sale is on): what carts and orders charge. */
export const amountNow = (row: ProductRow, now: number = Date.now()): number => priceNow(Number(row.amount), saleOf(row, now), now);

export function productView(row: ProductRow): ProductWire {
  const duration = row.duration_value !== null && row.duration_parameter !== null ? { value: row.duration_value, parameter: row.duration_parameter } : null;
  return {
    id: row.id,
    account_id: row.account_id,
    title: row.title,
    description: row.description,
    status: row.status,
    metadata: {
      price: { type: row.price_type, amount: Number(row.amount), duration },
      sale: saleOf(row),
      featured_image: row.featured_image,
      cross: row.cross_ids,
    },
    course_id: row.course_id,
    membership_id: row.membership_id,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

const SORTS = {
  'created_at.desc': ['created_at', 'desc'],
  'created_at.asc': ['created_at', 'asc'],
  'title.asc': ['title', 'asc'],
  'title.desc': ['title', 'desc'],
  'amount.asc': ['amount', 'asc'],
  'amount.desc': ['amount', 'desc'],
} as const;

/** The products a list query matches (published only unless asked), before paging. */
function matching(anyDb: DbHandle, accountId: string, query: ProductPageQuery) {
  let base = shopDb(anyDb).selectFrom('ecommerce_products').where('account_id', '=', accountId);
  if (query.status === 'published') base = base.where('status', '=', 'published');
  if (query.ids !== undefined) base = query.ids.length === 0 ? base.where(sql<boolean>`false`) : base.where('id', 'in', query.ids);
  const search = query.search?.trim() ?? '';
  if (search !== '') base = base.where(sql<boolean>`lower(title) LIKE ${containsPattern(search.toLowerCase())}`);
  return base;
}

/** One page (from–to, at most MAX_PAGE rows) of the matching products, in the asked order. */
export async function productPage(anyDb: DbHandle, accountId: string, query: ProductPageQuery): Promise<ProductWire[]> {
  const to = Math.min(query.to ?? query.from + 19, query.from + MAX_PAGE - 1);
  const [column, direction] = SORTS[query.sort];
  const rows = await matching(anyDb, accountId, query)
    .selectAll()
    .orderBy(column, direction)
    .orderBy('id')
    .offset(query.from)
    .limit(Math.max(0, to - query.from + 1))
    .execute();
  return rows.map(productView);
}

/** SPEC §7 products list: the exact count of matching rows and one page of them, in the asked order. */
export async function listProducts(anyDb: DbHandle, accountId: string, query: ProductPageQuery): Promise<{ count: number; items: ProductWire[] }> {
  const [items, counted] = await Promise.all([
    productPage(anyDb, accountId, query),
    matching(anyDb, accountId, query)
      .select(sql<number>`count(*)::int`.as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { count: counted.count, items };
}

export async function findProduct(anyDb: DbHandle, accountId: string, id: string): Promise<ProductRow | undefined> {
  return shopDb(anyDb).selectFrom('ecommerce_products').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
}

/** The published products among `ids` (a cart's), keyed by id. */
export async function productsByIds(anyDb: DbHandle, accountId: string, ids: readonly string[]): Promise<Map<string, ProductRow>> {
  if (ids.length === 0) return new Map();
  const rows = await shopDb(anyDb)
    .selectFrom('ecommerce_products')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('status', '=', 'published')
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** Products among `ids` whatever their status (fulfilment of orders made while they were on sale). */
export async function productsByIdsAnyStatus(anyDb: DbHandle, accountId: string, ids: readonly string[]): Promise<Map<string, ProductRow>> {
  if (ids.length === 0) return new Map();
  const rows = await shopDb(anyDb)
    .selectFrom('ecommerce_products')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** Checks what a product points at belongs to the account: cross-sells and the membership level. */
async function checkReferences(db: ShopDb, accountId: string, input: ProductInputWire, selfId: string | null): Promise<void> {
  const cross = (input.cross ?? []).filter((id) => id !== selfId);
  if (cross.length > 0) {
    const found = await db.selectFrom('ecommerce_products').select('id').where('account_id', '=', accountId).where('id', 'in', cross).execute();
    if (found.length !== cross.length) throw appError(ShopErrors.crossProductNotFound);
  }
  if (input.membership_id !== undefined && input.membership_id !== null) {
    const level = await db
      .selectFrom('ecommerce_memberships')
      .select('id')
      .where('account_id', '=', accountId)
      .where('id', '=', input.membership_id)
      .executeTakeFirst();
    if (level === undefined) throw appError(ShopErrors.membershipNotFound);
  }
}

/** A sale is for one-time products, lower than their price, and ends (if it does) in the future. */
function checkSale(input: ProductInputWire, now: number): void {
  const sale = input.sale ?? null;
  if (sale === null) return;
  if (input.price.type !== 'onetime') throw appError(ShopErrors.saleOneTimeOnly);
  if (sale.amount >= input.price.amount) throw appError(ShopErrors.saleNotLower);
  if (sale.ends_at != null && Date.parse(sale.ends_at) <= now) throw appError(ShopErrors.saleEndPassed);
}

function columnsOf(input: ProductInputWire, selfId: string | null) {
  const subscription = input.price.type === 'subscription';
  const sale = input.sale ?? null;
  const duration = subscription ? (input.price.duration ?? null) : null;
  return {
    title: input.title.trim(),
    description: input.description ?? '',
    status: input.status ?? 'published',
    price_type: input.price.type,
    amount: input.price.amount,
    // A subscription without a schedule renews monthly.
    duration_value: subscription ? (duration?.value ?? 1) : null,
    duration_parameter: subscription ? (duration?.parameter ?? 'month') : null,
    featured_image: input.featured_image ?? '',
    cross_ids: JSON.stringify((input.cross ?? []).filter((id) => id !== selfId)),
    course_id: input.course_id ?? null,
    membership_id: input.membership_id ?? null,
    sale_amount: sale === null ? null : sale.amount,
    sale_ends_at: sale?.ends_at ?? null,
  };
}

export async function createProduct(anyDb: DbHandle, accountId: string, input: ProductInputWire): Promise<ProductWire> {
  const db = shopDb(anyDb);
  checkSale(input, Date.now());
  await checkReferences(db, accountId, input, null);
  const row = await db
    .insertInto('ecommerce_products')
    .values({ account_id: accountId, ...columnsOf(input, null) })
    .returningAll()
    .executeTakeFirstOrThrow();
  return productView(row);
}

export async function updateProduct(anyDb: DbHandle, accountId: string, id: string, input: ProductInputWire): Promise<ProductWire> {
  const db = shopDb(anyDb);
  checkSale(input, Date.now());
  await checkReferences(db, accountId, input, id);
  const row = await db
    .updateTable('ecommerce_products')
    .set({ ...columnsOf(input, id), updated_at: new Date() })
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  if (row === undefined) throw appError(ShopErrors.productNotFound);
  return productView(row);
}

/** Deletes the product; orders keep their copy of it, and other products stop suggesting it. */
export async function deleteProduct(anyDb: DbHandle, accountId: string, id: string): Promise<void> {
  const db = shopDb(anyDb);
  const deleted = await db.deleteFrom('ecommerce_products').where('account_id', '=', accountId).where('id', '=', id).returning('id').executeTakeFirst();
  if (deleted === undefined) throw appError(ShopErrors.productNotFound);
  await db
    .updateTable('ecommerce_products')
    .set({ cross_ids: sql<string>`cross_ids - ${id}::text` })
    .where('account_id', '=', accountId)
    .where(sql<boolean>`cross_ids ? ${id}`)
    .execute();
}

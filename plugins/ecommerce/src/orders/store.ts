import { sql, type DbHandle, type Selectable } from '@lectern/sdk';
import { shopDb, type OrderStatus, type OrdersTable, type SubscriptionsTable } from '../db/tables.js';
import type { OrderWire } from './schemas.js';

export type OrderRow = Selectable<OrdersTable>;

/** An order as the API shows it (SPEC §3 Orders plus what the screens need: OrderSchema). */
export function orderView(row: OrderRow): OrderWire {
  return {
    id: row.id,
    order_id: row.order_id,
    user_id: row.user_id,
    email: row.email,
    name: row.name,
    country: row.country,
    coupon: row.coupon,
    items: row.items,
    subtotal: Number(row.subtotal),
    discount: Number(row.discount),
    total_amount: Number(row.total_amount),
    refunded_amount: Number(row.refunded_amount),
    currency: row.currency,
    status: row.status,
    provider: row.provider,
    created_at: new Date(row.created_at).toISOString(),
    paid_at: row.paid_at === null ? null : new Date(row.paid_at).toISOString(),
    renews_subscription_id: row.renews_subscription_id,
  };
}

/** A subscription by id, locked for the caller's transaction when it will change it. */
export async function findSubscription(
  anyDb: DbHandle,
  accountId: string,
  id: string,
  options: { lock?: boolean } = {},
): Promise<Selectable<SubscriptionsTable> | undefined> {
  const query = shopDb(anyDb).selectFrom('ecommerce_subscriptions').selectAll().where('account_id', '=', accountId).where('id', '=', id);
  return (options.lock === true ? query.forUpdate() : query).executeTakeFirst();
}

export async function findOrder(anyDb: DbHandle, accountId: string, id: string, options: { lock?: boolean } = {}): Promise<OrderRow | undefined> {
  const query = shopDb(anyDb).selectFrom('ecommerce_orders').selectAll().where('account_id', '=', accountId).where('id', '=', id);
  return (options.lock === true ? query.forUpdate() : query).executeTakeFirst();
}

/** The subscription a provider's event names by the provider's own id, locked; undefined for another provider's. */
export async function findProviderSubscription(
  anyDb: DbHandle,
  accountId: string,
  provider: string,
  providerId: string | null,
): Promise<Selectable<SubscriptionsTable> | undefined> {
  if (providerId === null) return undefined;
  return shopDb(anyDb)
    .selectFrom('ecommerce_subscriptions')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('provider', '=', provider)
    .where('provider_subscription_id', '=', providerId)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * The order a provider's event names, locked, only when it is paid through that provider: an event
 * from one provider never settles an order another provider (or the owner, offline) handles.
 */
export async function findProviderOrder(anyDb: DbHandle, accountId: string, id: string, provider: string): Promise<OrderRow | undefined> {
  const order = await findOrder(anyDb, accountId, id, { lock: true });
  return order?.provider === provider ? order : undefined;
}

export interface OrderFilters {
  status?: OrderStatus;
  provider?: string;
  /** Order number, email or name contains this. */
  search?: string;
  from?: string;
  to?: string;
  userId?: string;
}

function filtered(anyDb: DbHandle, accountId: string, filters: OrderFilters) {
  let query = shopDb(anyDb).selectFrom('ecommerce_orders').where('account_id', '=', accountId);
  if (filters.userId !== undefined) query = query.where('user_id', '=', filters.userId);
  if (filters.status !== undefined) query = query.where('status', '=', filters.status);
  if (filters.provider !== undefined) query = query.where('provider', '=', filters.provider);
  if (filters.from !== undefined) query = query.where('created_at', '>=', new Date(filters.from));
  if (filters.to !== undefined) query = query.where('created_at', '<', new Date(filters.to));
  const search = filters.search?.trim().toLowerCase() ?? '';
  if (search !== '') {
    query = query.where(sql<boolean>`(strpos(lower(order_id), ${search}) > 0 OR strpos(lower(email), ${search}) > 0 OR strpos(lower(name), ${search}) > 0)`);
  }
  return query;
}

/** One page of orders, newest first, with the exact count of those matching. */
export async function listOrders(
  anyDb: DbHandle,
  accountId: string,
  filters: OrderFilters,
  offset: number,
  limit: number,
): Promise<{ count: number; items: OrderWire[] }> {
  const base = filtered(anyDb, accountId, filters);
  const [rows, counted] = await Promise.all([
    base.selectAll().orderBy('created_at', 'desc').orderBy('id').offset(offset).limit(limit).execute(),
    base.select(sql<number>`count(*)::int`.as('count')).executeTakeFirstOrThrow(),
  ]);
  return { count: counted.count, items: rows.map(orderView) };
}

/** Every matching order, newest first, in pages (for the CSV export: memory stays flat). */
export async function* allOrders(anyDb: DbHandle, accountId: string, filters: OrderFilters, pageSize = 500): AsyncGenerator<OrderWire> {
  for (let offset = 0; ; offset += pageSize) {
    const rows = await filtered(anyDb, accountId, filters).selectAll().orderBy('created_at', 'desc').orderBy('id').offset(offset).limit(pageSize).execute();
    for (const row of rows) yield orderView(row);
    if (rows.length < pageSize) return;
  }
}

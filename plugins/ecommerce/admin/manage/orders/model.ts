import { endOfLocalDay, isoOfLocal } from '../../shared/dates';
import type { Order, OrderStatus, Provider } from '../../shared/model';
import { parseMajor } from '../../shared/money';

/** The order list's filters as the screen holds them (dates as `date` input values). */
export interface OrderFilters {
  status: OrderStatus | '';
  provider: Provider | '';
  search: string;
  from: string;
  to: string;
}

export const noOrderFilters = (): OrderFilters => ({ status: '', provider: '', search: '', from: '', to: '' });

/** The filters as the API's query (shared by the list and the CSV export): whole local days, blanks left out. */
export function orderQuery(filters: OrderFilters): Record<string, string | undefined> {
  return {
    status: filters.status || undefined,
    provider: filters.provider || undefined,
    search: filters.search.trim() || undefined,
    from: isoOfLocal(filters.from) ?? undefined,
    to: endOfLocalDay(filters.to) ?? undefined,
  };
}

/** What is left to refund on an order, in minor units. */
export const refundLeft = (order: Pick<Order, 'total_amount' | 'refunded_amount'>) => Math.max(0, order.total_amount - order.refunded_amount);

/** The manager's actions an order allows now (the server's lifecycle: plugins/ecommerce/src/orders/lifecycle.ts). */
export function orderActions(order: Pick<Order, 'status' | 'total_amount' | 'refunded_amount'>): Array<'paid' | 'cancel' | 'refund'> {
  if (order.status === 'pending') return ['paid', 'cancel'];
  if (order.status === 'paid' && refundLeft(order) > 0) return ['refund'];
  return [];
}

/** A refund typed in major units: minor units when it is more than zero and at most what is left, else the message key. */
export function checkRefund(text: string, left: number, digits: number): { amount: number } | { error: string } {
  const amount = parseMajor(text, digits);
  if (amount === null || amount <= 0) return { error: 'detail.refundInvalid' };
  if (amount > left) return { error: 'detail.refundTooLarge' };
  return { amount };
}

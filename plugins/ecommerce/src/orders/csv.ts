import { stringify } from 'csv-stringify/sync';
import { currencyDigits, toMajor } from '@lectern/sdk';
import type { OrderWire } from './schemas.js';

const HEADER = [
  'order_id',
  'created_at',
  'status',
  'name',
  'email',
  'country',
  'items',
  'coupon',
  'subtotal',
  'discount',
  'total_amount',
  'refunded_amount',
  'currency',
  'provider',
  'paid_at',
];

/** Amounts in major units with the currency's digits, as a spreadsheet should read them. */
const major = (minor: number, currency: string): string => toMajor(minor, currencyDigits(currency)).toFixed(currencyDigits(currency));

/** One CSV row per order; cells a spreadsheet could run as formulas are escaped. */
export function ordersCsv(orders: readonly OrderWire[], withHeader: boolean): string {
  const rows = orders.map((order) => [
    order.order_id,
    order.created_at,
    order.status,
    order.name,
    order.email,
    order.country ?? '',
    order.items.map((line) => `${line.quantity} × ${line.title}`).join('; '),
    order.coupon ?? '',
    major(order.subtotal, order.currency),
    major(order.discount, order.currency),
    major(order.total_amount, order.currency),
    major(order.refunded_amount, order.currency),
    order.currency,
    order.provider,
    order.paid_at ?? '',
  ]);
  return stringify(withHeader ? [HEADER, ...rows] : rows, { escape_formulas: true, record_delimiter: 'windows' });
}

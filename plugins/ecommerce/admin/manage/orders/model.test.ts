import { describe, expect, it } from 'vitest';
import { checkRefund, noOrderFilters, orderActions, orderQuery, refundLeft } from './model';

describe('order filters', () => {
  it('leave blanks out and cover whole local days', () => {
    expect(orderQuery(noOrderFilters())).toEqual({ status: undefined, provider: undefined, search: undefined, from: undefined, to: undefined });
    const query = orderQuery({ status: 'paid', provider: 'stripe', search: ' ann ', from: '2025-01-01', to: '2025-01-31' });
    expect(query).toMatchObject({ status: 'paid', provider: 'stripe', search: 'ann' });
    expect(query.from).toBe(new Date(2025, 0, 1).toISOString());
    expect(query.to).toBe(new Date(2025, 1, 1, 0, 0, 0, -1).toISOString());
  });
});

describe('order actions', () => {
  const order = { total_amount: 1000, refunded_amount: 0 };
  it('allow marking paid and cancelling while pending, refunding what is left once paid', () => {
    expect(orderActions({ ...order, status: 'pending' })).toEqual(['paid', 'cancel']);
    expect(orderActions({ ...order, status: 'paid' })).toEqual(['refund']);
    expect(orderActions({ ...order, status: 'paid', refunded_amount: 1000 })).toEqual([]);
    expect(orderActions({ ...order, status: 'paid', total_amount: 0 })).toEqual([]);
    expect(orderActions({ ...order, status: 'refunded' })).toEqual([]);
    expect(orderActions({ ...order, status: 'cancelled' })).toEqual([]);
  });

  it('refund at most what is left', () => {
    expect(refundLeft({ total_amount: 1000, refunded_amount: 250 })).toBe(750);
    expect(checkRefund('7.50', 750, 2)).toEqual({ amount: 750 });
    expect(checkRefund('7.51', 750, 2)).toEqual({ error: 'detail.refundTooLarge' });
    expect(checkRefund('0', 750, 2)).toEqual({ error: 'detail.refundInvalid' });
    expect(checkRefund('ten', 750, 2)).toEqual({ error: 'detail.refundInvalid' });
  });
});

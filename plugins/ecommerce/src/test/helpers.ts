import type { TestAccount, TestKernel, TestMember } from '@lectern/sdk/testing';
import { expect } from 'vitest';

export const API = '/api/ecommerce';

export interface Product {
  id: string;
  title: string;
  status: string;
  metadata: { price: { type: string; amount: number; duration: { value: number; parameter: string } | null }; featured_image: string; cross: string[] };
  course_id: string | null;
  membership_id: string | null;
}

export interface Order {
  id: string;
  order_id: string;
  user_id: string;
  status: string;
  coupon: string | null;
  subtotal: number;
  discount: number;
  total_amount: number;
  refunded_amount: number;
  currency: string;
  provider: string;
  items: Array<{ product_id: string; quantity: number; amount: number; type: string }>;
}

export interface Quote {
  lines: Array<{ product_id: string; quantity: number; amount: number }>;
  missing: string[];
  subtotal: number;
  discount: number;
  total: number;
  coupon: { name: string; valid: boolean; message: string | null } | null;
  providers: string[];
  currency: { code: string; digits: number };
}

/** Calls the shop's API and checks the status, answering the body. */
export function shop(t: TestKernel) {
  return async <T>(method: string, path: string, as: TestMember | TestAccount, payload?: unknown, status = 200): Promise<T> => {
    const who = 'token' in as ? { as } : { account: as };
    const res = await t.request({ method: method as 'GET', url: `${API}${path}`, ...who, ...(payload === undefined ? {} : { payload }) });
    expect(res.statusCode, `${method} ${path}: ${res.body}`).toBe(status);
    return res.json<T>();
  };
}

export const onetime = (title: string, amount: number, extra: Record<string, unknown> = {}) => ({ title, price: { type: 'onetime', amount }, ...extra });
export const monthly = (title: string, amount: number, extra: Record<string, unknown> = {}) => ({
  title,
  price: { type: 'subscription', amount, duration: { value: 1, parameter: 'month' } },
  ...extra,
});

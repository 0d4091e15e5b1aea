import { shopProductOf, type ApiProduct, type ShopProduct } from '../../src/site/shop-product.js';
import type { Cart } from '../cart/cart-types.js';
import { cartRequestItems } from '../cart/cart-rules.js';

const BASE = '/api/ecommerce';

/** The cart's wire types come from the route schemas (plugins/ecommerce/src/cart/schemas.ts), never copied. */
import type { CartSavedWire, CouponMessageWire, ProviderWire, QuoteWire } from '../../src/cart/schemas.js';
import type { CheckoutAnswerWire, PayAnswerWire } from '../../src/orders/schemas.js';

export type CouponMessage = CouponMessageWire;
export type Provider = ProviderWire;
export type Quote = QuoteWire;

/** A JSON answer, or the API's error code, details and status. */
export type ApiResult<T> = { ok: true; data: T } | { ok: false; status: number; code: string; details: unknown };

async function call<T>(
  path: string,
  init: { method?: 'GET' | 'POST' | 'PUT'; body?: unknown; token?: string | null; signal?: AbortSignal } = {},
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  let response: Response;
  try {
    response = await fetch(`${BASE}${path}`, {
      method: init.method ?? 'GET',
      headers,
      credentials: 'same-origin',
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      ...(init.signal === undefined ? {} : { signal: init.signal }),
    });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    return { ok: false, status: 0, code: 'network', details: null };
  }
  const body = (await response.json().catch(() => null)) as unknown;
  if (response.ok) return { ok: true, data: body as T };
  const error = (body ?? {}) as { error?: unknown; details?: unknown };
  return { ok: false, status: response.status, code: typeof error.error === 'string' ? error.error : 'unknown', details: error.details ?? null };
}

/** The cart's authoritative prices; `coupon` overrides the cart's own (to try one before keeping it). */
export function fetchQuote(cart: Cart, options: { coupon?: string | null; signal?: AbortSignal } = {}): Promise<ApiResult<Quote>> {
  const coupon = options.coupon === undefined ? cart.coupon : (options.coupon ?? undefined);
  return call<Quote>('/cart/quote', {
    method: 'POST',
    body: { items: cartRequestItems(cart), ...(coupon ? { coupon } : {}) },
    ...(options.signal ? { signal: options.signal } : {}),
  });
}

/** Published products by id (cross-sell suggestions, a buy button given only an id). */
export async function fetchProducts(ids: readonly string[]): Promise<ShopProduct[]> {
  if (ids.length === 0) return [];
  const query = new URLSearchParams();
  for (const id of ids.slice(0, 100)) query.append('ids', id);
  query.set('to', String(Math.min(ids.length, 100) - 1));
  const answer = await call<{ items: ApiProduct[] }>(`/products?${query.toString()}`);
  return answer.ok ? answer.data.items.map(shopProductOf) : [];
}

/** POST /checkout's answer: `pay` true, the order waits for its payment at the provider (payOrder); false: offline or free. */
export type PlacedOrder = CheckoutAnswerWire;

export function placeOrder(input: { cart: Cart; provider: Provider; name: string; country: string }, token: string | null): Promise<ApiResult<PlacedOrder>> {
  const body = {
    items: cartRequestItems(input.cart),
    provider: input.provider,
    ...(input.cart.coupon ? { coupon: input.cart.coupon } : {}),
    ...(input.name.trim() === '' ? {} : { name: input.name.trim().slice(0, 200) }),
    ...(input.country === '' ? {} : { country: input.country }),
  };
  return call<PlacedOrder>('/checkout', { method: 'POST', body, token });
}

/** Starts paying a placed order at its provider: where to send the buyer. */
export function payOrder(orderId: string, token: string | null): Promise<ApiResult<PayAnswerWire>> {
  return call<PayAnswerWire>(`/my/orders/${encodeURIComponent(orderId)}/pay`, { method: 'POST', body: {}, token });
}

/** Saves a signed-in member's cart on the site (SPEC §9 cart_abandoned reminds them of it). */
export function saveMemberCart(cart: Cart, token: string): Promise<ApiResult<CartSavedWire>> {
  return call<CartSavedWire>('/cart', { method: 'PUT', body: { items: cartRequestItems(cart) }, token });
}

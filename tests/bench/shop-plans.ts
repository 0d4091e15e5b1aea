import type { LoadRequest } from './load.js';
import type { ServerInfo, ShopBenchInfo } from './messages.js';
import type { ScenarioPlan } from './scenario-plan.js';

const SHOP_BOOT_TIMEOUT_MS = 120_000;
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function shopInfo(info: ServerInfo): ShopBenchInfo {
  if (info.shop === undefined) throw new Error('the shop server did not report its products');
  return info.shop;
}

/** A visitor's product grid: the public list's first page, newest first, with its exact count. */
export const shopProductsPlan: ScenarioPlan = {
  scenario: 'shop-products',
  description: 'public products list, first 12, with the exact count (a visitor, no session)',
  paths: ['/api/ecommerce/products?from=0&to=11'],
  bootTimeoutMs: SHOP_BOOT_TIMEOUT_MS,
  check: (body) => isRecord(body) && typeof body.count === 'number' && body.count > 0 && Array.isArray(body.items) && body.items.length > 0,
};

/**
 * The quote the load asks for, priced rightly: a line per product, none missing, the coupon
 * accepted and its discount taken off the subtotal.
 */
function isQuoteOf(shop: ShopBenchInfo) {
  return (body: unknown): boolean => {
    if (!isRecord(body) || !Array.isArray(body.lines) || !Array.isArray(body.missing) || !isRecord(body.coupon)) return false;
    const { subtotal, discount, total } = body;
    return (
      body.lines.length === shop.productIds.length &&
      body.missing.length === 0 &&
      body.coupon.valid === true &&
      typeof subtotal === 'number' &&
      typeof discount === 'number' &&
      discount > 0 &&
      total === subtotal - discount
    );
  };
}

/** A visitor's cart priced from the stored products with the demo's valid coupon (SPEC §5 rules each time). */
export const shopQuotePlan: ScenarioPlan = {
  scenario: 'shop-quote',
  description: 'cart quote: the one-time demo products plus a coupon, priced and checked on every request',
  paths: [],
  bootTimeoutMs: SHOP_BOOT_TIMEOUT_MS,
  load(info) {
    const shop = shopInfo(info);
    const body = JSON.stringify({ items: shop.productIds.map((id, i) => ({ id, quantity: i + 1 })), coupon: shop.coupon });
    const request: LoadRequest = { method: 'POST', path: '/api/ecommerce/cart/quote', headers: { 'content-type': 'application/json' }, body };
    return { probe: request, check: isQuoteOf(shop), sequences: [[request]] };
  },
  // The shape of a quote; load() checks its figures against the products the server reported.
  check: (body) => isRecord(body) && Array.isArray(body.lines),
};

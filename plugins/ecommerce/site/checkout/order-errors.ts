import type { ApiResult, PlacedOrder } from '../api/shop-api.js';
import type { ShopKey } from '../i18n/shop-text.js';
import { refusalKey } from '../parts/coupon-box.js';

/** What a refused order means for the screen: a message, and what to take out of the cart. */
export interface OrderProblem {
  messageKey: ShopKey;
  /** coupon_rejected: the coupon leaves the cart (its refusal shows at the coupon box). */
  dropCoupon: boolean;
  /** cart_unavailable: products no longer for sale. */
  dropItems: string[];
}

const stringsOf = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

/** The POST /checkout error (plugins/ecommerce/src/errors.ts) as the screen shows it. */
export function orderProblem(answer: Extract<ApiResult<unknown>, { ok: false }>): OrderProblem {
  const none = { dropCoupon: false, dropItems: [] };
  const details = (answer.details ?? {}) as { messageKey?: unknown; missing?: unknown };
  switch (answer.code) {
    case 'coupon_rejected': {
      const key = typeof details.messageKey === 'string' ? details.messageKey : null;
      const known = key === 'cart.couponLimit' || key === 'cart.couponUnavailable' || key === 'cart.couponExpired' ? key : null;
      return { messageKey: refusalKey(known), dropCoupon: true, dropItems: [] };
    }
    case 'cart_unavailable':
      return { messageKey: 'checkout.cartUnavailable', dropCoupon: false, dropItems: stringsOf(details.missing) };
    case 'cart_empty':
      return { messageKey: 'checkout.empty', ...none };
    case 'subscription_alone':
      return { messageKey: 'errors.subscriptionWarning', ...none };
    case 'provider_unavailable':
      return { messageKey: 'checkout.providerUnavailable', ...none };
    case 'provider_failed':
      return { messageKey: 'checkout.providerFailed', ...none };
    default:
      return { messageKey: answer.status === 401 ? 'checkout.signedOut' : 'checkout.failed', ...none };
  }
}

/** The thank-you page of a placed order (offline and free orders go there at once). */
export const thankYouPath = (placed: PlacedOrder): string => `/thankyou?${new URLSearchParams({ order: placed.order.order_id }).toString()}`;

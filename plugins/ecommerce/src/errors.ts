import type { ErrorDefinition } from '@lectern/sdk';

const define = (code: string, statusCode: number, messageKey: string, message: string): ErrorDefinition => ({ code, statusCode, messageKey, message });

/** The shop's error catalogue: stable codes, HTTP status and i18n keys (SPEC §8 where it names one). */
export const ShopErrors = {
  productNotFound: define('product_not_found', 404, 'errors.notFound', 'No such product'),
  couponNotFound: define('coupon_not_found', 404, 'cart.couponNotFound', 'No such coupon'),
  couponNameTaken: define('coupon_name_taken', 409, 'cart.couponNameTaken', 'Another coupon already has this name'),
  /** A coupon rule failed at checkout; details.messageKey is the SPEC §8 key (cart.couponLimit, …). */
  couponRejected: define('coupon_rejected', 409, 'cart.couponLimit', 'The coupon cannot be used'),
  orderNotFound: define('order_not_found', 404, 'errors.notFound', 'No such order'),
  orderState: define('order_state', 409, 'orders.wrongState', 'The order is not in a state that allows this'),
  cartEmpty: define('cart_empty', 400, 'cart.empty', 'The cart is empty'),
  cartUnavailable: define('cart_unavailable', 409, 'cart.unavailable', 'Some products in the cart are no longer for sale'),
  subscriptionAlone: define('subscription_alone', 400, 'errors.subscriptionWarning', 'A subscription is bought on its own'),
  providerUnavailable: define('provider_unavailable', 400, 'checkout.providerUnavailable', 'This payment method is not available for this site'),
  providerFailed: define('provider_failed', 502, 'checkout.providerFailed', 'The payment provider did not answer; nothing was charged'),
  webhookSignature: define('webhook_signature', 400, 'errors.badSignature', 'The webhook signature does not match'),
  membershipNotFound: define('membership_not_found', 404, 'errors.notFound', 'No such membership'),
  /** details: {course_ids, content_ids} that are not this site's. */
  membershipTargetsUnknown: define(
    'membership_targets_unknown',
    400,
    'errors.validation',
    "A membership level can only name this site's courses, pages and posts",
  ),
  courseNotFound: define('course_not_found', 400, 'errors.notFound', 'No such course on this site'),
  crossProductNotFound: define('cross_product_not_found', 400, 'errors.notFound', 'A cross-sell product does not exist'),
  refundAtProvider: define(
    'refund_at_provider',
    409,
    'orders.refundAtProvider',
    "Refund this subscription's payment in the provider's dashboard; the order records it when the provider reports it",
  ),
  refundTooLarge: define('refund_too_large', 400, 'orders.refundTooLarge', 'The refund is larger than what is left to refund'),
} as const;

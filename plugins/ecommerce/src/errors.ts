import { defineErrors } from '@lectern/sdk';

/** The shop's error catalogue: stable codes, HTTP status and i18n keys (SPEC §8 where it names one). */
export const ShopErrors = defineErrors({
  productNotFound: { code: 'product_not_found', status: 404, messageKey: 'products.notFound', message: 'No such product' },
  saleNotLower: { code: 'sale_not_lower', status: 400, messageKey: 'products.saleNotLower', message: 'The sale price must be lower than the regular price' },
  saleEndPassed: { code: 'sale_end_passed', status: 400, messageKey: 'products.saleEndPassed', message: "The sale's end must be in the future" },
  saleOneTimeOnly: { code: 'sale_one_time_only', status: 400, messageKey: 'products.saleOneTimeOnly', message: 'Only one-time products can go on sale' },
  couponNotFound: { code: 'coupon_not_found', status: 404, messageKey: 'cart.couponNotFound', message: 'No such coupon' },
  couponNameTaken: { code: 'coupon_name_taken', status: 409, messageKey: 'cart.couponNameTaken', message: 'Another coupon already has this name' },
  /** A coupon rule failed at checkout; details.messageKey is the SPEC §5 reason (cart.couponLimit, cart.couponExpired, …). */
  couponRejected: { code: 'coupon_rejected', status: 409, messageKey: 'cart.couponRejected', message: 'The coupon cannot be used' },
  orderNotFound: { code: 'order_not_found', status: 404, messageKey: 'orders.notFound', message: 'No such order' },
  orderState: { code: 'order_state', status: 409, messageKey: 'orders.wrongState', message: 'The order is not in a state that allows this' },
  cartEmpty: { code: 'cart_empty', status: 400, messageKey: 'cart.empty', message: 'The cart is empty' },
  cartUnavailable: { code: 'cart_unavailable', status: 409, messageKey: 'cart.unavailable', message: 'Some products in the cart are no longer for sale' },
  subscriptionAlone: { code: 'subscription_alone', status: 400, messageKey: 'errors.subscriptionWarning', message: 'A subscription is bought on its own' },
  providerUnavailable: {
    code: 'provider_unavailable',
    status: 400,
    messageKey: 'checkout.providerUnavailable',
    message: 'This payment method is not available for this site',
  },
  providerFailed: {
    code: 'provider_failed',
    status: 502,
    messageKey: 'checkout.providerFailed',
    message: 'The payment provider did not answer; nothing was charged',
  },
  webhookSignature: { code: 'webhook_signature', status: 400, messageKey: 'errors.badSignature', message: 'The webhook signature does not match' },
  membershipNotFound: { code: 'membership_not_found', status: 404, messageKey: 'memberships.notFound', message: 'No such membership' },
  /** details: {course_ids, content_ids} that are not this site's. */
  membershipTargetsUnknown: {
    code: 'membership_targets_unknown',
    status: 400,
    messageKey: 'memberships.targetsUnknown',
    message: "A membership level can only name this site's courses, pages and posts",
  },
  /** The LMS's own definition of course_not_found (plugins never import each other; tests/errors checks they stay identical). */
  courseNotFound: { code: 'course_not_found', status: 404, messageKey: 'errors.courseNotFound', message: 'No such course on this site' },
  crossProductNotFound: { code: 'cross_product_not_found', status: 400, messageKey: 'products.crossNotFound', message: 'A cross-sell product does not exist' },
  refundAtProvider: {
    code: 'refund_at_provider',
    status: 409,
    messageKey: 'orders.refundAtProvider',
    message: "Refund this subscription's payment in the provider's dashboard; the order records it when the provider reports it",
  },
  refundTooLarge: { code: 'refund_too_large', status: 400, messageKey: 'orders.refundTooLarge', message: 'The refund is larger than what is left to refund' },
});

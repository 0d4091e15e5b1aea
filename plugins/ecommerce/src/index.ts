import { CONTENT_ACCESS_FILTER, definePlugin, PlatformCheckoutToken, type PaymentProvider, type PluginContext } from '@lectern/sdk';
import { abandonedCartRoutes, declareAbandonedCartChecks } from './cart/abandoned.js';
import { cartRoutes } from './cart/routes.js';
import { ShopContract } from './contract.js';
import { COURSE_OFFERS, courseOffers } from './fulfilment/offers.js';
import { couponRoutes } from './coupons/routes.js';
import { manifest } from './manifest.js';
import { registerMembershipActions, registerShopConditions } from './memberships/actions.js';
import { contentAccessFilter, membershipGate } from './memberships/gate.js';
import { LockedView } from './memberships/locked-view.js';
import { membershipRoutes } from './memberships/routes.js';
import { Memberships } from './memberships/service.js';
import { migrations } from './migrations.js';
import type { StartPayment } from './orders/checkout.js';
import { OrderLifecycle } from './orders/lifecycle.js';
import { ShopPlanCheckout } from './platform-plans/plan-checkout.js';
import { PlanEvents } from './platform-plans/plan-events.js';
import { declareOrderExpiry } from './orders/expiry.js';
import { SubscriptionRenewals } from './orders/renewals.js';
import { shopCustomers } from './orders/customers.js';
import { orderRoutes } from './orders/routes.js';
import { paypalRoutes } from './payments/paypal/routes.js';
import { startPaypalPayment } from './payments/paypal/start.js';
import { razorpayWebhookRoutes } from './payments/razorpay/routes.js';
import { startRazorpayPayment } from './payments/razorpay/start.js';
import { stripeWebhookRoutes } from './payments/stripe/routes.js';
import { startStripePayment } from './payments/stripe/start.js';
import { productRoutes } from './products/routes.js';
import { declareSaleEnds } from './products/sales.js';
import { seedShop } from './seed/index.js';
import { provisionStarterProduct } from './seed/starter-product.js';
import { settingsRoutes } from './settings/routes.js';
import { subscriptionRoutes } from './subscriptions/routes.js';
import { ShopParts } from './services.js';
import { shopSite } from './site/index.js';

/** For tests and operators: the queue of subscription renewal checks and the grace before an unpaid one ends. */
export { RENEWAL_GRACE_DAYS, RENEWAL_QUEUE, RENEWAL_SWEEP_QUEUE } from './orders/renewals.js';

/** How each provider starts a payment for a new order (offline: it waits for the owner). */
const startPayments = (ctx: PluginContext): Partial<Record<PaymentProvider, StartPayment>> => ({
  stripe: startStripePayment(ctx),
  paypal: startPaypalPayment(ctx),
  razorpay: startRazorpayPayment(ctx),
});

/**
 * @lectern/plugin-ecommerce. The kernel finds this package through `"lectern": { "plugin": true }`
 * in package.json and loads this default export. Routes are mounted under /api/ecommerce.
 */
export default definePlugin({
  manifest,
  migrations,
  register(ctx) {
    // The LMS asks which courses are on sale (course pages offer them; free enrolment refuses them).
    ctx.provide(COURSE_OFFERS, courseOffers(ctx.text));
    // Published for other plugins (contract.ts): who bought on the site.
    ctx.provide(ShopContract.customers, shopCustomers);
    // Pages and posts a membership level names stay out of the public content API for others too.
    ctx.hooks.addFilter(CONTENT_ACCESS_FILTER, contentAccessFilter);
    const memberships = new Memberships(ctx);
    const renewals = new SubscriptionRenewals(ctx);
    ctx.provide(ShopParts.memberships, memberships);
    ctx.provide(ShopParts.renewals, renewals);
    ctx.provide(ShopParts.lifecycle, new OrderLifecycle(ctx, memberships, renewals, new PlanEvents(ctx)));
    ctx.provide(ShopParts.options, ctx.options);
    // Plans are sold here when this is the platform's own shop (issue 18: platform billing).
    ctx.provide(PlatformCheckoutToken, new ShopPlanCheckout(ctx));
    // The automation engine's grant_membership and revoke_membership.
    registerMembershipActions(ctx, memberships);
    registerShopConditions(ctx);
  },
  async jobs(ctx) {
    const lifecycle = ctx.resolve(ShopParts.lifecycle);
    await ctx.resolve(ShopParts.renewals).work(lifecycle);
    await declareOrderExpiry(ctx, lifecycle);
    await declareAbandonedCartChecks(ctx);
    await declareSaleEnds(ctx);
  },
  async routes(app, ctx) {
    const memberships = ctx.resolve(ShopParts.memberships);
    const lifecycle = ctx.resolve(ShopParts.lifecycle);
    await productRoutes(app, ctx);
    await couponRoutes(app);
    await cartRoutes(app);
    await abandonedCartRoutes(app, ctx);
    await orderRoutes(app, ctx, lifecycle, startPayments(ctx));
    await membershipRoutes(app, ctx, memberships);
    await settingsRoutes(app, ctx);
    await subscriptionRoutes(app, ctx);
    await stripeWebhookRoutes(app, ctx, lifecycle);
    await paypalRoutes(app, ctx, lifecycle);
    await razorpayWebhookRoutes(app, ctx, lifecycle);
  },
  site: {
    ...shopSite,
    views: { ...shopSite.views, locked: LockedView },
    // Pages and posts a membership level names are for its members.
    contentAccess: (input) => membershipGate(input),
  },
  // The catalogues of its admin screens, site islands and server views: one folder, the one package.json names.
  locales: new URL('../locales/', import.meta.url),
  seed: seedShop,
  // A new shop starts with a draft sample product (issue 18).
  provisionAccount: provisionStarterProduct,
});

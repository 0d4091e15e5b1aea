import {
  appError,
  findPlan,
  PlatformBillingToken,
  type DbHandle,
  type PlanCheckout,
  type PlanCheckoutInput,
  type PlanInvoice,
  type PlanSubscription,
  type PlatformCheckout,
  type PluginContext,
} from '@lectern/sdk';
import { shopDb, type OrderLine, type ProviderSettings } from '../db/tables.js';
import { ShopErrors } from '../errors.js';
import { newOrderNumber } from '../orders/number.js';
import { providerError } from '../payments/provider-error.js';
import { paypalClient, paypalCredentials } from '../payments/paypal/client.js';
import { openPaypalOrder, openPaypalSubscription } from '../payments/paypal/open.js';
import { razorpayClient } from '../payments/razorpay/client.js';
import { openRazorpayLink, openRazorpaySubscription, type OpenedPayment } from '../payments/razorpay/open.js';
import { openStripeSession } from '../payments/stripe/start.js';
import type { OrderRow } from '../orders/store.js';
import { isReady, providerSettingsOf } from '../settings/providers.js';
import { shopCurrency } from '../shop-currency.js';
import { planProduct } from './plan-products.js';
import { planReceiptPdf } from './plan-receipt.js';
import { cancelPlan, currentPlan, planInvoices } from './plan-subscriptions.js';

type JsonObject = PlanCheckoutInput['platformSettings'];

/** Plans renew, so only providers that bill a subscription sell them: offline (the platform renews by hand), PayPal (SPEC §9's default), Stripe and Razorpay. */
const PLAN_PROVIDERS = ['paypal', 'stripe', 'razorpay', 'offline'] as const;

/**
 * The shop's side of platform billing (the kernel's PlatformCheckout): a site's owner buys a plan
 * from their own dashboard, and the order is made here, in the platform's own shop, with the
 * platform's payment settings (its super-admins set them in the platform's shop, secrets write-only).
 * The order names the site it pays for; paying it runs the order life every order has, whose
 * fulfilment sets the site's plan (platform-plans/plan-events.ts).
 */
export class ShopPlanCheckout implements PlatformCheckout {
  constructor(private readonly ctx: PluginContext) {}

  async providers(db: DbHandle, platform: { accountId: string; settings: JsonObject }): Promise<string[]> {
    const settings = await providerSettingsOf(this.ctx.options, { db, accountId: platform.accountId });
    const currency = shopCurrency(platform.settings);
    return PLAN_PROVIDERS.filter((provider) => currency.providers.includes(provider) && isReady(settings, provider));
  }

  current(anyDb: DbHandle, platformAccountId: string, siteId: string): Promise<PlanSubscription | null> {
    return currentPlan(anyDb, platformAccountId, siteId);
  }

  cancel(anyDb: DbHandle, platformAccountId: string, siteId: string): Promise<PlanSubscription | null> {
    return cancelPlan(this.ctx, anyDb, platformAccountId, siteId);
  }

  invoices(anyDb: DbHandle, platformAccountId: string, siteId: string, limit: number): Promise<PlanInvoice[]> {
    return planInvoices(anyDb, platformAccountId, siteId, limit);
  }

  async invoicePdf(
    anyDb: DbHandle,
    platform: { accountId: string; name: string },
    site: { id: string; name: string },
    invoiceId: string,
  ): Promise<Uint8Array | null> {
    const [invoice] = await planInvoices(anyDb, platform.accountId, site.id, 1, invoiceId);
    return invoice === undefined ? null : planReceiptPdf(invoice, { seller: platform.name, site: site.name });
  }

  async start(anyDb: DbHandle, input: PlanCheckoutInput): Promise<PlanCheckout> {
    const accountId = input.platformAccountId;
    if (!(await this.providers(anyDb, { accountId, settings: input.platformSettings })).includes(input.provider))
      throw appError(ShopErrors.providerUnavailable);
    // The kernel checked the buyer owns the site; checked again here, where the order is made.
    await this.ctx.resolve(PlatformBillingToken).billableSite(anyDb, input.userId, input.site.id);
    const db = shopDb(anyDb);
    const currency = shopCurrency(input.platformSettings);
    const product = await planProduct(anyDb, accountId, input.plan, input.interval, input.provider, currency);
    if (product === undefined) throw appError(ShopErrors.cartUnavailable);
    const line: OrderLine = {
      product_id: product.id,
      title: product.title,
      image: product.featured_image,
      quantity: 1,
      amount: Number(product.amount),
      type: product.price_type,
      frequency:
        product.duration_value !== null && product.duration_parameter !== null
          ? { value: product.duration_value, parameter: product.duration_parameter }
          : null,
    };
    // A plan not paid for yet is replaced, not added to: one open order per site.
    await db
      .updateTable('ecommerce_orders')
      .set({ status: 'cancelled', updated_at: new Date() })
      .where('account_id', '=', accountId)
      .where('billed_site_id', '=', input.site.id)
      .where('status', '=', 'pending')
      .execute();
    const order = await db
      .insertInto('ecommerce_orders')
      .values({
        account_id: accountId,
        order_id: newOrderNumber(),
        user_id: input.userId,
        email: input.email,
        name: input.name,
        country: null,
        coupon: null,
        coupon_id: null,
        items: JSON.stringify([line]),
        subtotal: line.amount,
        discount: 0,
        total_amount: line.amount,
        currency: currency.code,
        provider: input.provider,
        billed_site_id: input.site.id,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    if (input.provider === 'offline') return { orderNumber: order.order_id, redirect: null };

    const settings = await providerSettingsOf(this.ctx.options, { db: anyDb, accountId });
    const successUrl = `${input.returnUrl}?order=${encodeURIComponent(order.order_id)}`;
    // Bought during the trial: the payment method goes on file now and the first charge comes when the trial ends.
    const trialEnd = line.type === 'subscription' && input.site.trialEndsAt !== null ? new Date(input.site.trialEndsAt) : null;
    const session =
      input.provider === 'paypal'
        ? await this.openAtPaypal(settings, input, order, line, successUrl, trialEnd)
        : input.provider === 'razorpay'
          ? await this.openAtRazorpay(settings, input, order, line, successUrl, trialEnd)
          : await openStripeSession({
              secretKey: settings.stripe?.secretKey ?? '',
              apiUrl: this.ctx.config.paymentApis.stripe,
              currency,
              order,
              successUrl,
              cancelUrl: input.returnUrl,
              trialEnd,
              log: this.ctx.log,
            });
    await db
      .updateTable('ecommerce_orders')
      .set({ provider_ref: session.providerRef })
      .where('account_id', '=', accountId)
      .where('id', '=', order.id)
      .execute();
    return { orderNumber: order.order_id, redirect: session.redirect };
  }

  /**
   * PayPal: a plan renewing monthly or yearly is a subscription to the PayPal billing plan the
   * catalogue names for it (its price_id: the platform makes these plans in its PayPal account, with
   * the catalogue's cycles); a one-time plan is a PayPal order, captured when PayPal reports its
   * approval (CHECKOUT.ORDER.APPROVED) since the owner returns to their own site's dashboard.
   */
  private async openAtPaypal(
    settings: ProviderSettings,
    input: PlanCheckoutInput,
    order: OrderRow,
    line: OrderLine,
    successUrl: string,
    trialEnd: Date | null,
  ): Promise<OpenedPayment> {
    const paypal = paypalCredentials(settings);
    const pricing = findPlan(input.plan)?.pricing.paypal;
    const price = input.interval === 'month' ? pricing?.monthly : input.interval === 'year' ? pricing?.annual : undefined;
    if (paypal === null || (line.type === 'subscription' && price === undefined)) throw appError(ShopErrors.providerUnavailable);
    const client = paypalClient(paypal, this.ctx.config.paymentApis.paypal);
    const urls = { returnUrl: successUrl, cancelUrl: input.returnUrl };
    try {
      return line.type === 'subscription' && price !== undefined
        ? await openPaypalSubscription(client, { planId: price.price_id, order, startAt: trialEnd, ...urls })
        : await openPaypalOrder(client, order, urls);
    } catch (error) {
      this.ctx.log.error({ providerError: providerError(error), orderId: order.id }, 'PayPal refused to start a plan’s payment');
      throw appError(ShopErrors.providerFailed);
    }
  }

  /**
   * Razorpay: a plan renewing monthly or yearly is a subscription to the Razorpay plan the catalogue
   * names for it (its price_id and iterations: the platform makes these plans in its Razorpay
   * account); a one-time plan is a payment link.
   */
  private async openAtRazorpay(
    settings: ProviderSettings,
    input: PlanCheckoutInput,
    order: OrderRow,
    line: OrderLine,
    successUrl: string,
    trialEnd: Date | null,
  ): Promise<OpenedPayment> {
    const client = razorpayClient(settings, this.ctx.config.paymentApis.razorpay);
    const pricing = findPlan(input.plan)?.pricing.razorpay;
    const price = input.interval === 'month' ? pricing?.monthly : input.interval === 'year' ? pricing?.annual : undefined;
    if (client === null || (line.type === 'subscription' && price === undefined)) throw appError(ShopErrors.providerUnavailable);
    try {
      return line.type === 'subscription' && price !== undefined
        ? await openRazorpaySubscription(client, { planId: price.price_id, totalCount: price.iterations, order, startAt: trialEnd })
        : await openRazorpayLink(client, order, successUrl);
    } catch (error) {
      this.ctx.log.error({ providerError: providerError(error), orderId: order.id }, 'Razorpay refused to start a plan’s payment');
      throw appError(ShopErrors.providerFailed);
    }
  }
}

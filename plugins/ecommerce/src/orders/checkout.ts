import { appError, Errors, isCountryCode, type PaymentProvider, type PluginContext, type PluginRequest } from '@lectern/sdk';
import { forgetCart } from '../cart/abandoned.js';
import { priceCart } from '../cart/price.js';
import { takeCoupon } from '../coupons/store.js';
import { shopDb } from '../db/tables.js';
import { ShopErrors } from '../errors.js';
import { memberContact } from '../members.js';
import { requestScope } from '../scope.js';
import { availableProviders, providerSettings } from '../settings/providers.js';
import { shopCurrency } from '../shop-currency.js';
import type { OrderLifecycle } from './lifecycle.js';
import { newOrderNumber } from './number.js';
import type { CheckoutBodyWire } from './schemas.js';
import type { OrderRow } from './store.js';

/** What a provider does with a new order: nothing yet (offline), or where to send the buyer to pay. */
export type StartPayment = (request: PluginRequest, order: OrderRow, origin: string) => Promise<{ redirect: string | null; providerRef: string | null }>;

/**
 * Creates the signed-in member's order (SPEC §3 Orders) from the cart, priced from the stored
 * products, with the coupon's use taken atomically. A free order is paid at once; an offline one
 * waits for the owner; any other provider's payment starts with startOrderPayment.
 */
export async function createOrder(plugin: PluginContext, request: PluginRequest, input: CheckoutBodyWire, lifecycle: OrderLifecycle): Promise<OrderRow> {
  const { ctx } = request;
  const db = shopDb(ctx.db);
  const userId = ctx.userId as string;
  const currency = shopCurrency(ctx.account.settings);

  if (input.country !== undefined && !isCountryCode(input.country)) throw appError(Errors.validation, 'country is not an ISO 3166 code');
  const cart = await priceCart(db, ctx.account.id, input.items);
  if (cart.missing.length > 0) throw appError(ShopErrors.cartUnavailable, undefined, { missing: cart.missing });
  if (cart.lines.length === 0) throw appError(ShopErrors.cartEmpty);
  // Checked once the cart is priced: only some providers can sell a subscription.
  const subscription = cart.lines.some((line) => line.type === 'subscription');
  if (!availableProviders(await providerSettings(request), currency, { subscription }).includes(input.provider)) throw appError(ShopErrors.providerUnavailable);

  const name = input.coupon?.trim() ?? '';
  const taken = name === '' ? null : await takeCoupon(db, ctx.account.id, name, userId, cart.subtotal);
  const discount = taken?.discount ?? 0;
  const member = await memberContact(db, ctx.account.id, userId);
  const order = await db
    .insertInto('ecommerce_orders')
    .values({
      account_id: ctx.account.id,
      order_id: newOrderNumber(),
      user_id: userId,
      email: member?.email || ctx.auth?.email || '',
      name: input.name?.trim() || member?.name || '',
      country: input.country ?? null,
      coupon: taken?.coupon.name ?? null,
      coupon_id: taken?.coupon.id ?? null,
      items: JSON.stringify(cart.lines),
      subtotal: cart.subtotal,
      discount,
      total_amount: cart.subtotal - discount,
      currency: currency.code,
      provider: input.provider,
    })
    .returningAll()
    .executeTakeFirstOrThrow();

  // The cart became an order: it is no longer a cart to remind anyone of.
  await forgetCart(db, ctx.account.id, userId);

  if (Number(order.total_amount) === 0) {
    await lifecycle.markPaid(requestScope(plugin, request), order, { provider: order.provider, providerPaymentId: `free:${order.id}` });
    return { ...order, status: 'paid' };
  }
  return order;
}

/**
 * Starts the payment of the member's pending order at its provider, in a request of its own: the
 * order (and its coupon's use) is committed before any provider is called, so a slow provider holds
 * no lock and a failed start leaves the order to pay again. Answers where to send the buyer.
 */
export async function startOrderPayment(
  plugin: PluginContext,
  request: PluginRequest,
  order: OrderRow,
  startPayment: Partial<Record<PaymentProvider, StartPayment>>,
): Promise<string> {
  const start = startPayment[order.provider as PaymentProvider];
  if (order.status !== 'pending' || start === undefined) throw appError(ShopErrors.orderState);
  const started = await start(request, order, plugin.siteUrl(request));
  if (started.redirect === null) throw appError(ShopErrors.providerFailed);
  if (started.providerRef !== null) {
    await shopDb(request.ctx.db)
      .updateTable('ecommerce_orders')
      .set({ provider_ref: started.providerRef })
      .where('account_id', '=', request.ctx.account.id)
      .where('id', '=', order.id)
      .execute();
  }
  return started.redirect;
}

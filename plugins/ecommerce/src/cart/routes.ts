import type { PluginApp } from '@lectern/sdk';
import { checkCoupon } from '../coupons/store.js';
import { availableProviders, defaultProvider, providerSettings } from '../settings/providers.js';
import { shopCurrency } from '../shop-currency.js';
import { priceCart } from './price.js';
import { CurrencySchema, Quote, QuoteBody } from './schemas.js';

const tags = ['ecommerce'];

/**
 * The cart's authoritative prices. The browser keeps the cart (SPEC §4, storage key `cart`); this
 * prices it from the stored products and, with a coupon name, answers SPEC §5's verdict with its
 * message key and the discount. Nothing is taken: a coupon's use is counted when the order is made.
 */
export async function cartRoutes(app: PluginApp): Promise<void> {
  app.get(
    '/currency',
    {
      config: { public: true },
      schema: { tags, summary: "The site's currency: its code and digits (SPEC §9)", response: { 200: CurrencySchema } },
    },
    async (request) => {
      const { code, digits } = shopCurrency(request.ctx.account.settings);
      return { code, digits };
    },
  );

  app.post(
    '/cart/quote',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Price a cart (and try a coupon on it)',
        body: QuoteBody,
        response: { 200: Quote },
      },
    },
    async (request) => {
      const { ctx } = request;
      const currency = shopCurrency(ctx.account.settings);
      const cart = await priceCart(ctx.db, ctx.account.id, request.body.items);
      const name = request.body.coupon?.trim() ?? '';
      const check = name === '' ? null : await checkCoupon(ctx.db, ctx.account.id, name, ctx.userId, cart.subtotal);
      const coupon =
        check === null
          ? null
          : check.found
            ? {
                name: check.coupon.name,
                valid: check.message === 'cart.couponApplied',
                message: check.message,
                discount_type: check.coupon.discount_type,
                coupon_amount: check.coupon.coupon_amount,
              }
            : { name, valid: false, message: null, discount_type: null, coupon_amount: null };
      const discount = check?.found === true ? check.discount : 0;
      const providers = availableProviders(await providerSettings(request), currency, {
        subscription: cart.lines.some((line) => line.type === 'subscription'),
      });
      return {
        currency: { code: currency.code, digits: currency.digits },
        lines: cart.lines,
        missing: cart.missing,
        subtotal: cart.subtotal,
        discount,
        total: cart.subtotal - discount,
        coupon,
        providers,
        default_provider: defaultProvider(providers),
      };
    },
  );
}

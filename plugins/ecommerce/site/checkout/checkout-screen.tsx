import { useEffect, useId, useState } from 'react';
import { useSite } from '@lectern/sdk/site';
import type { IslandProps } from '@lectern/sdk/site';
import { readCheckoutData } from '../../src/site/checkout-data.js';
import { payOrder, placeOrder, type PlacedOrder, type Provider } from '../api/shop-api.js';
import { fullMoney } from '../api/money.js';
import { useQuote } from '../api/use-quote.js';
import { addToCart } from '../cart/add-to-cart.js';
import { dropItems, withCoupon } from '../cart/cart-rules.js';
import { saveCart, useCart } from '../cart/cart-store.js';
import { EMPTY_CART } from '../cart/cart-types.js';
import { useShopText, type ShopKey } from '../i18n/shop-text.js';
import { CouponBox } from '../parts/coupon-box.js';
import { useCouponActions } from '../parts/use-coupon.js';
import { AccountBox } from './account-box.js';
import { orderProblem, thankYouPath } from './order-errors.js';
import { OrderSummary } from './order-summary.js';

const PROVIDER_LABELS: Record<Provider, ShopKey> = {
  offline: 'checkout.provider.offline',
  stripe: 'checkout.provider.stripe',
  paypal: 'checkout.provider.paypal',
  razorpay: 'checkout.provider.razorpay',
};

/**
 * The /checkout island: the order from the site's quote, the coupon box, the buyer's details and
 * account, the payment method, and "Place order" (POST /api/ecommerce/checkout). A placed order
 * empties the cart and goes to the provider's page or /thankyou?order=<number>.
 */
export function CheckoutScreen({ props, session }: Pick<IslandProps, 'props' | 'session'>) {
  const t = useShopText();
  const { data } = useSite();
  const checkout = readCheckoutData(props);
  const [cart, update] = useCart();
  const { quote, loading, failed } = useQuote(cart);
  const { apply, remove } = useCouponActions(cart, update);
  const [name, setName] = useState(data.viewer?.name ?? '');
  const [country, setCountry] = useState('');
  const [chosen, setChosen] = useState<Provider | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ShopKey | null>(null);
  // An order placed whose payment did not start: "Place order" retries its payment, never a second order.
  const [placed, setPlaced] = useState<PlacedOrder | null>(null);
  const ids = { name: useId(), country: useId(), payment: useId() };

  // /checkout?add=<id>: the buy buttons' link without JavaScript (and from other sites' pages).
  useEffect(() => {
    if (checkout.add === null) return;
    addToCart(checkout.add, { t, confirm: (message) => window.confirm(message), navigate: () => undefined, openCart: false });
    window.history.replaceState(window.history.state, '', '/checkout');
    // Once, on arrival.
  }, []);

  const providers = quote?.providers ?? [];
  // The buyer's choice while it is still offered; else the shop's default (SPEC §9: PayPal), which
  // the quote picks among its own providers (null only when there are none).
  const provider = chosen !== null && providers.includes(chosen) ? chosen : (quote?.default_provider ?? null);

  const submit = () => {
    if (busy || provider === null || data.viewer === null) return;
    setBusy(true);
    setProblem(null);
    void (async () => {
      const token = await session.accessToken();
      let order: PlacedOrder | null = placed;
      if (order === null) {
        const answer = await placeOrder({ cart, provider, name, country }, token);
        if (!answer.ok) {
          const found = orderProblem(answer);
          let next = dropItems(cart, found.dropItems);
          if (found.dropCoupon) next = withCoupon(next, null);
          if (next !== cart) saveCart(next);
          setProblem(found.messageKey);
          setBusy(false);
          return;
        }
        order = answer.data;
        // The order holds the cart now (and its coupon's use).
        saveCart(EMPTY_CART);
        if (!order.pay) {
          window.location.assign(thankYouPath(order));
          return;
        }
        setPlaced(order);
      }
      const started = await payOrder(order.order.id, token);
      if (started.ok) {
        window.location.assign(started.data.redirect);
        return;
      }
      setProblem(orderProblem(started).messageKey);
      setBusy(false);
    })().catch(() => {
      setProblem('checkout.failed');
      setBusy(false);
    });
  };

  const heading = <h1>{t('checkout.title')}</h1>;
  if (placed !== null) {
    // The order exists (the cart is in it); only its payment is left to start.
    return (
      <>
        {heading}
        <section className="shop-checkout shop-checkout--empty" data-testid="checkout-pay-pending">
          <p role="alert">{t('checkout.payPending', { number: placed.order.order_id })}</p>
          {problem === null || problem === 'checkout.failed' ? null : <p className="shop-checkout__error">{t(problem)}</p>}
          <button type="button" className="button button--primary" onClick={submit} disabled={busy} data-testid="checkout-pay-now">
            {t('checkout.payNow')}
          </button>
        </section>
      </>
    );
  }
  if (cart.cartItems.length === 0) {
    return (
      <>
        {heading}
        <section className="shop-checkout shop-checkout--empty" data-testid="checkout-empty">
          <p>{t('checkout.empty')}</p>
          <a className="button button--primary" href="/">
            {t('checkout.home')}
          </a>
        </section>
      </>
    );
  }

  return (
    <>
      {heading}
      {/* Not a form: the coupon box and the sign-in panel are forms of their own. */}
      <div className="shop-checkout" data-testid="checkout-screen">
        <div className="shop-checkout__main">
          <section aria-labelledby={`${ids.name}-account`}>
            <h2 id={`${ids.name}-account`}>{t('checkout.account')}</h2>
            <AccountBox />
          </section>
          <section aria-labelledby={`${ids.name}-details`}>
            <h2 id={`${ids.name}-details`}>{t('checkout.details')}</h2>
            <div className="field">
              <label htmlFor={ids.name}>{t('checkout.name')}</label>
              <input id={ids.name} name="name" autoComplete="name" maxLength={200} value={name} onChange={(e) => setName(e.target.value)} />
            </div>
            <div className="field">
              <label htmlFor={ids.country}>{t('checkout.country')}</label>
              <select
                id={ids.country}
                name="country"
                autoComplete="country"
                value={country}
                onChange={(e) => setCountry(e.target.value)}
                data-testid="checkout-country"
              >
                <option value="">{t('checkout.countryNone')}</option>
                {checkout.countries.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.name}
                  </option>
                ))}
              </select>
            </div>
          </section>
          <fieldset className="shop-checkout__payment" aria-describedby={ids.payment}>
            <legend>{t('checkout.payment')}</legend>
            {quote !== null && providers.length === 0 ? <p role="alert">{t('checkout.noProviders')}</p> : null}
            {providers.map((option) => (
              <label key={option} className="shop-checkout__provider">
                <input
                  type="radio"
                  name="provider"
                  value={option}
                  checked={provider === option}
                  onChange={() => setChosen(option)}
                  data-testid={`provider-${option}`}
                />
                {t(PROVIDER_LABELS[option])}
              </label>
            ))}
            <p id={ids.payment} className="field__hint">
              {provider === 'offline' ? (checkout.instructions.trim() !== '' ? checkout.instructions : t('checkout.offlineGeneric')) : null}
            </p>
          </fieldset>
        </div>
        <aside className="shop-checkout__aside">
          <h2>{t('checkout.summary')}</h2>
          {quote === null ? <p aria-live="polite">{failed ? t('cart.failed') : loading ? t('cart.loading') : null}</p> : <OrderSummary quote={quote} />}
          <CouponBox
            applied={cart.coupon}
            verdict={quote?.coupon ?? null}
            discount={quote !== null && quote.discount > 0 ? fullMoney(quote.discount, quote.currency, data.shell.language) : null}
            onApply={apply}
            onRemove={remove}
          />
          {problem === null ? null : (
            <p className="form-message form-message--error" role="alert" data-testid="checkout-error">
              {t(problem)}
            </p>
          )}
          <button
            type="button"
            onClick={submit}
            className="button button--primary button--block"
            disabled={busy || provider === null || data.viewer === null || quote === null}
            data-testid="checkout-place"
          >
            {busy ? t('checkout.placing') : t('checkout.place')}
          </button>
        </aside>
      </div>
    </>
  );
}

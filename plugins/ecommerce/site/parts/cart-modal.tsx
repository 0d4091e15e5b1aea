import { useEffect, useId, useRef, useState } from 'react';
import { CART_OPEN_EVENT, useDialogFocus, useSite } from '@lectern/sdk/site';
import type { ShopProduct } from '../../src/site/shop-product.js';
import { cartMoney, pageCurrency } from '../api/money.js';
import { useQuote } from '../api/use-quote.js';
import { addToCart } from '../cart/add-to-cart.js';
import { cartTotals, removeItem, setQuantity } from '../cart/cart-rules.js';
import { useCart } from '../cart/cart-store.js';
import { CART_ADDED_EVENT } from '../cart/shop-events.js';
import { useShopText } from '../i18n/shop-text.js';
import { CartLines } from './cart-lines.js';
import { CouponBox } from './coupon-box.js';
import { CrossSellPanel } from './cross-sell-panel.js';
import { useCouponActions } from './use-coupon.js';
import { useCrossSell } from './use-cross-sell.js';

/**
 * SPEC §2 cart modal: opened by the header's cart button (CART_OPEN_EVENT) and after every add;
 * lists the items with prices from the site's quote (no decimals, SPEC §9), the coupon box, the
 * cross-sell suggestions and the way to /checkout. A modal dialog like the theme's search: focus
 * inside, Tab kept within, Escape closes, focus back to where it was.
 */
export function CartModal() {
  const t = useShopText();
  const { data } = useSite();
  const [open, setOpen] = useState(false);
  const [cart, update] = useCart();
  const { quote, loading, failed } = useQuote(cart, open);
  const { apply, remove } = useCouponActions(cart, update);
  const cross = useCrossSell();
  const dialog = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const close = () => {
    setOpen(false);
    cross.clear();
  };
  useDialogFocus(dialog, open, close);

  useEffect(() => {
    const show = () => setOpen(true);
    window.addEventListener(CART_OPEN_EVENT, show);
    window.addEventListener(CART_ADDED_EVENT, show);
    return () => {
      window.removeEventListener(CART_OPEN_EVENT, show);
      window.removeEventListener(CART_ADDED_EVENT, show);
    };
  }, []);
  useEffect(() => {
    if (!open) return;
    document.documentElement.classList.add('has-modal');
    return () => document.documentElement.classList.remove('has-modal');
  }, [open]);

  if (!open) return null;
  const currency = quote?.currency ?? pageCurrency(data.shell.currency);
  const locale = data.shell.language;
  const money = (minor: number) => cartMoney(minor, currency, locale);
  const empty = cart.cartItems.length === 0;
  const subtotal = quote?.subtotal ?? cartTotals(cart).subtotal;
  const discount = quote?.discount ?? 0;
  const addSuggestion = (product: ShopProduct) => {
    cross.dismiss(product.id);
    addToCart(product, { t, confirm: (message) => window.confirm(message), navigate: (path) => window.location.assign(path) });
  };

  return (
    <div className="modal shop-modal" data-testid="cart-modal">
      <div className="modal__backdrop" aria-hidden="true" onClick={close} />
      <div className="modal__dialog shop-modal__dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} ref={dialog}>
        <div className="shop-modal__head">
          <h2 id={titleId} className="shop-modal__title">
            {t('cart.title')}
          </h2>
          <button type="button" className="icon-button" aria-label={t('cart.close')} onClick={close} data-testid="cart-close">
            ×
          </button>
        </div>
        <div className="shop-modal__body" aria-busy={loading}>
          {empty ? (
            <p className="shop-modal__status" data-testid="cart-empty">
              {t('cart.empty')}
            </p>
          ) : (
            <>
              <CartLines
                cart={cart}
                quote={quote}
                currency={currency}
                onQuantity={(id, quantity) => update((c) => setQuantity(c, id, quantity))}
                onRemove={(id) => update((c) => removeItem(c, id))}
              />
              {failed ? (
                <p className="shop-modal__status" role="alert">
                  {t('cart.failed')}
                </p>
              ) : null}
              <CouponBox
                applied={cart.coupon}
                verdict={quote?.coupon ?? null}
                discount={quote !== null && discount > 0 ? money(discount) : null}
                onApply={apply}
                onRemove={remove}
              />
              <dl className="shop-totals" data-testid="cart-totals">
                <dt>{t('cart.subtotal')}</dt>
                <dd data-testid="cart-subtotal">{money(subtotal)}</dd>
                {discount > 0 ? (
                  <>
                    <dt>{t('cart.discount')}</dt>
                    <dd data-testid="cart-discount">−{money(discount)}</dd>
                  </>
                ) : null}
                <dt>{t('cart.total')}</dt>
                <dd data-testid="cart-total">{money(quote?.total ?? subtotal)}</dd>
              </dl>
            </>
          )}
          <CrossSellPanel suggestions={cross.suggestions} currency={currency} onAdd={addSuggestion} onDismiss={cross.dismiss} />
        </div>
        <div className="shop-modal__foot">
          <button type="button" className="button button--ghost" onClick={close}>
            {t('cart.continue')}
          </button>
          {empty ? null : (
            <a className="button button--primary" href="/checkout" data-testid="cart-checkout">
              {t('cart.checkout')}
            </a>
          )}
        </div>
      </div>
    </div>
  );
}

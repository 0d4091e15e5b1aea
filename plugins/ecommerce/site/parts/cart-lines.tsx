import type { MoneyCurrency } from '@lectern/sdk/site';
import { useSite } from '@lectern/sdk/site';
import { productImageUrl } from '../../src/site/shop-product.js';
import type { Quote } from '../api/shop-api.js';
import { cartMoney } from '../api/money.js';
import type { Cart, CartItem } from '../cart/cart-types.js';
import { useShopText } from '../i18n/shop-text.js';

interface CartLinesProps {
  cart: Cart;
  quote: Quote | null;
  currency: MoneyCurrency;
  onQuantity: (id: string, quantity: number) => void;
  onRemove: (id: string) => void;
}

/** The unit price to show: the site's quote once it answered, else what was stored at adding. */
const unitPrice = (item: CartItem, quote: Quote | null): number => quote?.lines.find((line) => line.product_id === item.id)?.amount ?? item.amount;

/** SPEC §2 cart list: title, image, quantity (with − and +), price without decimals, remove. */
export function CartLines({ cart, quote, currency, onQuantity, onRemove }: CartLinesProps) {
  const t = useShopText();
  const { data } = useSite();
  const locale = data.shell.language;
  return (
    <ul className="shop-lines" data-testid="cart-lines">
      {cart.cartItems.map((item) => {
        const image = productImageUrl(item.image, data.shell.storageUrl);
        const title = quote?.lines.find((line) => line.product_id === item.id)?.title ?? item.title;
        return (
          <li key={item.id} className="shop-line" data-testid="cart-line" data-product={item.id}>
            {image === null ? (
              <span className="shop-line__image shop-line__image--none" aria-hidden="true" />
            ) : (
              <img className="shop-line__image" src={image} alt="" width={56} height={56} loading="lazy" />
            )}
            <div className="shop-line__text">
              <span className="shop-line__title" data-testid="cart-line-title">
                {title}
              </span>
              {item.type === 'subscription' && item.frequency !== undefined ? (
                <span className="shop-line__frequency">{t(`cart.every.${item.frequency.parameter}`, { count: item.frequency.value })}</span>
              ) : null}
              {item.type === 'subscription' ? null : (
                <span className="shop-line__quantity" role="group" aria-label={t('cart.quantity', { title })}>
                  <button
                    type="button"
                    className="icon-button shop-line__step"
                    aria-label={t('cart.decrease', { title })}
                    onClick={() => onQuantity(item.id, item.quantity - 1)}
                    data-testid="cart-decrease"
                  >
                    −
                  </button>
                  <span data-testid="cart-quantity">{item.quantity}</span>
                  <button
                    type="button"
                    className="icon-button shop-line__step"
                    aria-label={t('cart.increase', { title })}
                    onClick={() => onQuantity(item.id, item.quantity + 1)}
                    disabled={item.quantity >= 100}
                    data-testid="cart-increase"
                  >
                    +
                  </button>
                </span>
              )}
            </div>
            <span className="shop-line__price" data-testid="cart-line-price">
              {cartMoney(unitPrice(item, quote) * item.quantity, currency, locale)}
            </span>
            <button
              type="button"
              className="icon-button shop-line__remove"
              aria-label={t('cart.remove', { title })}
              onClick={() => onRemove(item.id)}
              data-testid="cart-remove"
            >
              ×
            </button>
          </li>
        );
      })}
    </ul>
  );
}

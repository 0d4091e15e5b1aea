import { useState } from 'react';
import { isProductId, readShopProduct, type ShopProduct } from '../../src/site/shop-product.js';
import { fetchProducts } from '../api/shop-api.js';
import { addToCart } from '../cart/add-to-cart.js';
import { useShopText } from '../i18n/shop-text.js';

/** What a buy button's island props may carry: the product itself (blocks), or just its id. */
export interface BuyButtonProps {
  product?: ShopProduct;
  productId?: string;
  label?: string;
}

function readProps(props: unknown): { product: ShopProduct | null; productId: string | null; label: string } {
  const raw = (typeof props === 'object' && props !== null ? props : {}) as Record<string, unknown>;
  const product = readShopProduct(raw.product);
  const productId = product?.id ?? (isProductId(raw.productId) ? raw.productId : null);
  const label = typeof raw.label === 'string' ? raw.label.trim().slice(0, 80) : '';
  return { product, productId, label };
}

/**
 * The "Add to cart" button (SPEC §4): adds the product (looked up first when only its id came),
 * opens the cart modal; a subscription asks before replacing a cart and then goes to /checkout.
 */
export function BuyButton({ props }: { props: unknown }) {
  const t = useShopText();
  const { product, productId, label } = readProps(props);
  const [busy, setBusy] = useState(false);
  const [missing, setMissing] = useState(false);
  if (productId === null || missing) return <span className="shop-buy__unavailable">{t('shop.unavailable')}</span>;
  const add = async () => {
    const found = product ?? (await fetchProducts([productId]))[0];
    if (found === undefined) {
      setMissing(true);
      return;
    }
    addToCart(found, { t, confirm: (message) => window.confirm(message), navigate: (path) => window.location.assign(path) });
  };
  const text = label !== '' ? label : product?.type === 'subscription' ? t('shop.subscribe') : t('shop.addToCart');
  return (
    <button
      type="button"
      className="button button--primary shop-buy"
      disabled={busy}
      aria-busy={busy}
      onClick={() => {
        setBusy(true);
        void add().finally(() => setBusy(false));
      }}
      data-testid="buy-button"
    >
      {busy ? t('shop.adding') : text}
    </button>
  );
}

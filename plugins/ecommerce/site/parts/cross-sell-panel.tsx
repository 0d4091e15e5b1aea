import type { MoneyCurrency } from '@lectern/sdk/site';
import { useSite } from '@lectern/sdk/site';
import { productImageUrl, type ShopProduct } from '../../src/site/shop-product.js';
import { cartMoney } from '../api/money.js';
import { useShopText } from '../i18n/shop-text.js';

interface CrossSellPanelProps {
  suggestions: ShopProduct[];
  currency: MoneyCurrency;
  onAdd: (product: ShopProduct) => void;
  onDismiss: (id: string) => void;
}

/** SPEC §4 suggestion panel: each cross-sell product can be added or dismissed. */
export function CrossSellPanel({ suggestions, currency, onAdd, onDismiss }: CrossSellPanelProps) {
  const t = useShopText();
  const { data } = useSite();
  if (suggestions.length === 0) return null;
  return (
    <section className="shop-cross" aria-label={t('cross.title')} data-testid="cross-sell">
      <h3 className="shop-cross__title">{t('cross.title')}</h3>
      <ul className="shop-lines">
        {suggestions.map((product) => {
          const image = productImageUrl(product.image, data.shell.storageUrl);
          return (
            <li key={product.id} className="shop-line" data-testid="cross-sell-item">
              {image === null ? (
                <span className="shop-line__image shop-line__image--none" aria-hidden="true" />
              ) : (
                <img className="shop-line__image" src={image} alt="" width={56} height={56} loading="lazy" />
              )}
              <span className="shop-line__text shop-line__title">{product.title}</span>
              <span className="shop-line__price">{cartMoney(product.amount, currency, data.shell.language)}</span>
              <span className="shop-cross__actions">
                <button
                  type="button"
                  className="button button--primary"
                  aria-label={t('cross.addLabel', { title: product.title })}
                  onClick={() => onAdd(product)}
                  data-testid="cross-sell-add"
                >
                  {t('cross.add')}
                </button>
                <button
                  type="button"
                  className="button button--ghost"
                  aria-label={t('cross.dismissLabel', { title: product.title })}
                  onClick={() => onDismiss(product.id)}
                  data-testid="cross-sell-dismiss"
                >
                  {t('cross.dismiss')}
                </button>
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

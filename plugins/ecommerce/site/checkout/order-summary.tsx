import { useSite } from '@lectern/sdk/site';
import { fullMoney } from '../api/money.js';
import type { Quote } from '../api/shop-api.js';
import { useShopText } from '../i18n/shop-text.js';

/** The order as the site priced it, with the currency's digits (SPEC §9: checkout is not the cart). */
export function OrderSummary({ quote }: { quote: Quote }) {
  const t = useShopText();
  const { data } = useSite();
  const money = (minor: number) => fullMoney(minor, quote.currency, data.shell.language);
  return (
    <div className="shop-summary" data-testid="checkout-summary">
      <ul className="shop-summary__lines">
        {quote.lines.map((line) => (
          <li key={line.product_id} className="shop-summary__line">
            <span>
              {line.title}
              {line.quantity > 1 ? ` × ${line.quantity}` : ''}
              {line.frequency === null ? null : (
                <span className="shop-line__frequency"> · {t(`cart.every.${line.frequency.parameter}`, { count: line.frequency.value })}</span>
              )}
            </span>
            <span>{money(line.amount * line.quantity)}</span>
          </li>
        ))}
      </ul>
      <dl className="shop-totals">
        <dt>{t('cart.subtotal')}</dt>
        <dd data-testid="checkout-subtotal">{money(quote.subtotal)}</dd>
        {quote.discount > 0 ? (
          <>
            <dt>{t('cart.discount')}</dt>
            <dd data-testid="checkout-discount">−{money(quote.discount)}</dd>
          </>
        ) : null}
        <dt>{t('cart.total')}</dt>
        <dd data-testid="checkout-total">{money(quote.total)}</dd>
      </dl>
    </div>
  );
}

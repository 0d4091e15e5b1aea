import { currencyDigits, formatMoney, type PluginTranslate } from '@lectern/sdk';
import { periodText } from '../price-label.js';
import type { LockedPageData } from './gate.js';

/**
 * What a page for members shows everyone else (server-drawn): which levels open it, the products
 * that sell them (each a link that puts it in the cart at checkout) and, for visitors, a sign-in
 * link back to the page.
 */
export function LockedView({ data, page, t }: { data: unknown; page: { path: string }; t: PluginTranslate }) {
  const locked = data as LockedPageData;
  const names = locked.levels.map((level) => level.name).join(', ');
  return (
    <section className="shop-locked" aria-labelledby="shop-locked-title">
      <h1 id="shop-locked-title">{locked.title}</h1>
      <p>{t('locked.forMembers', { levels: names })}</p>
      {locked.offers.length > 0 ? (
        <ul className="shop-locked__offers">
          {locked.offers.map((offer) => (
            <li key={offer.id}>
              <a href={`/checkout?add=${offer.id}`}>
                {t('locked.offer', {
                  title: offer.title,
                  price: formatMoney(offer.amount, { code: locked.currency, digits: currencyDigits(locked.currency) }),
                  period: periodText(t, offer.duration),
                })}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {locked.signedIn ? null : (
        <p>
          {t('locked.member')} <a href={`/login?redirectedFrom=${encodeURIComponent(page.path)}`}>{t('locked.signIn')}</a>
        </p>
      )}
    </section>
  );
}

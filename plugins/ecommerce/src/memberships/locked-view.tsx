import { currencyDigits, formatMoney } from '@lectern/sdk';
import { periodText } from '../price-label.js';
import type { LockedPageData } from './gate.js';

/**
 * What a page for members shows everyone else (server-drawn): which levels open it, the products
 * that sell them (each a link that puts it in the cart at checkout) and, for visitors, a sign-in
 * link back to the page.
 */
export function LockedView({ data, page }: { data: unknown; page: { path: string } }) {
  const locked = data as LockedPageData;
  const names = locked.levels.map((level) => level.name).join(', ');
  return (
    <section className="shop-locked" aria-labelledby="shop-locked-title">
      <h1 id="shop-locked-title">{locked.title}</h1>
      <p>{`This page is for members (${names}).`}</p>
      {locked.offers.length > 0 ? (
        <ul className="shop-locked__offers">
          {locked.offers.map((offer) => (
            <li key={offer.id}>
              <a
                href={`/checkout?add=${offer.id}`}
              >{`${offer.title}: ${formatMoney(offer.amount, { code: locked.currency, digits: currencyDigits(locked.currency) })}${periodText(offer.duration)}`}</a>
            </li>
          ))}
        </ul>
      ) : null}
      {locked.signedIn ? null : (
        <p>
          Already a member? <a href={`/login?redirectedFrom=${encodeURIComponent(page.path)}`}>Sign in</a>
        </p>
      )}
    </section>
  );
}

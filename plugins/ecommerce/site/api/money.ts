import { formatMoney, type MoneyCurrency } from '@lectern/sdk/site';

/**
 * The currency to show stored amounts in before the site's quote answers: the page's currency
 * code with its ISO digits as the browser knows them (the quote then gives the site's own).
 */
export function pageCurrency(code: string): MoneyCurrency {
  try {
    const digits = new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? 2;
    return { code, digits };
  } catch {
    return { code, digits: 2 };
  }
}

/** SPEC §9: the cart shows amounts with no decimals. */
export const cartMoney = (minor: number, currency: MoneyCurrency, locale: string): string => formatMoney(minor, currency, { decimals: false, locale });

/** SPEC §9: checkout and orders show the currency's digits. */
export const fullMoney = (minor: number, currency: MoneyCurrency, locale: string): string => formatMoney(minor, currency, { locale });

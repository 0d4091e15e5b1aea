import { formatMoney, toMajor, toMinor } from '@lectern/sdk/site';
import type { CurrencyWire } from '../../src/cart/schemas.js';

/** A currency as amounts need it: its ISO code and how many minor-unit digits it has (SPEC §9; GET /currency's answer). */
export type Currency = CurrencyWire;

/** A typed amount in major units: digits, one optional decimal point (or comma), no sign. */
const AMOUNT = /^\d{1,13}(?:[.,](\d+))?$/;

/**
 * A price typed in major units ("12.50") as minor units (1250), or null when it is not an amount
 * the currency can hold (text, a sign, more decimals than the currency has).
 */
export function parseMajor(text: string, digits: number): number | null {
  const match = AMOUNT.exec(text.trim());
  if (match === null) return null;
  const decimals = match[1]?.length ?? 0;
  if (decimals > digits) return null;
  return toMinor(Number(text.trim().replace(',', '.')), digits);
}

/** Minor units as the text an amount field starts with: 1250 → "12.50", 1000 with 0 digits → "1000". */
export function majorText(minor: number, digits: number): string {
  return toMajor(minor, digits).toFixed(digits);
}

/** The currency's minor-unit digits as the browser's Intl knows them (2 when it does not know the code). */
export function intlDigits(code: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/**
 * The currency of an amount stored with a code (an order's): the site's own when it is the same code
 * (the server's digits), else what Intl says (an order placed before the site changed currency).
 */
export function currencyFor(code: string, site: Currency | undefined): Currency {
  if (site !== undefined && site.code.toUpperCase() === code.toUpperCase()) return site;
  return { code, digits: intlDigits(code) };
}

/** An amount with the currency's digits (orders, totals, prices in the dashboard). */
export function money(minor: number, currency: Currency, locale: string): string {
  return formatMoney(minor, currency, { locale });
}

/**
 * Money arithmetic and display (SPEC §9 "Money"). Browser-safe on purpose: themes' page bundles
 * import it, so it uses only Intl and plain numbers, never the currency or country tables.
 *
 * Amounts are integers in minor units (cents, fils…). Rounding is half away from zero, so a refund
 * rounds like the charge it mirrors; "half up" in the SPEC means this for positive amounts.
 */

/** What formatting needs to know about a currency (a CurrencyInfo fits). */
export interface MoneyCurrency {
  code: string;
  digits: number;
}

export interface FormatMoneyOptions {
  /** false: whole units only, rounded (the cart shows amounts with no decimals). Default true. */
  decimals?: boolean;
  /** BCP 47 locale; default 'en'. */
  locale?: string;
}

const DEFAULT_LOCALE = 'en';
const TAKA_SIGN = '৳';

/**
 * Products of decimals carry binary noise (1.005 * 100 = 100.49999999999999). Keeping 15
 * significant digits, all a double holds reliably, turns that back into the intended 100.5.
 */
function withoutFloatNoise(value: number): number {
  return Number(value.toPrecision(15));
}

function roundHalfAwayFromZero(value: number): number {
  const rounded = Math.round(Math.abs(value));
  // `|| 0` turns the -0 that a small negative value rounds to into a plain 0.
  return (value < 0 ? -rounded : rounded) || 0;
}

function assertFinite(name: string, value: number): void {
  if (!Number.isFinite(value)) throw new RangeError(`${name} must be a finite number, got ${value}`);
}

function assertDigits(digits: number): void {
  if (!Number.isInteger(digits) || digits < 0 || digits > 20) throw new RangeError(`digits must be an integer from 0 to 20, got ${digits}`);
}

/** A major-unit amount (12.34) as an integer of minor units (1234); 1.005 with 2 digits is 101. */
export function toMinor(major: number, digits: number): number {
  assertFinite('major', major);
  assertDigits(digits);
  return roundHalfAwayFromZero(withoutFloatNoise(major * 10 ** digits));
}

/** Minor units (1234) as a major-unit number (12.34), for display or a provider that wants decimals. */
export function toMajor(minor: number, digits: number): number {
  assertFinite('minor', minor);
  assertDigits(digits);
  // Dividing by an exact power of ten gives the closest double to the decimal value.
  return minor / 10 ** digits;
}

/** `percent`% of a minor-unit amount, rounded to a whole minor unit (15% of 333 = 49.95 -> 50). */
export function percentOfMinor(minor: number, percent: number): number {
  assertFinite('minor', minor);
  assertFinite('percent', percent);
  return roundHalfAwayFromZero(withoutFloatNoise((minor * percent) / 100));
}

/**
 * A minor-unit amount as text: "$1,234.56", "¥1,234", "৳1,234.56". Uses the currency's own digits,
 * or none when `decimals` is false. BDT always shows the taka sign (SPEC §9): Intl spells it "BDT" in
 * most locales unless asked for the narrow symbol.
 */
export function formatMoney(minor: number, currency: MoneyCurrency, options: FormatMoneyOptions = {}): string {
  const fractionDigits = options.decimals === false ? 0 : currency.digits;
  const amount = toMajor(minor, currency.digits);
  const isTaka = currency.code.toUpperCase() === 'BDT';
  let formatter: Intl.NumberFormat;
  try {
    formatter = new Intl.NumberFormat(options.locale ?? DEFAULT_LOCALE, {
      style: 'currency',
      currency: currency.code,
      currencyDisplay: isTaka ? 'narrowSymbol' : 'symbol',
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
  } catch {
    // A malformed code or locale must not break a page: show the number with the code beside it.
    const plain = amount.toFixed(fractionDigits);
    return `${currency.code} ${plain}`;
  }
  if (!isTaka) return formatter.format(amount);
  // Older ICU data may lack the narrow symbol and still print the code: swap it in by hand.
  return formatter
    .formatToParts(amount)
    .map((part) => (part.type === 'currency' ? TAKA_SIGN : part.value))
    .join('');
}

/**
 * The currency list (SPEC §3, DECISIONS "Money"): ISO 4217 codes with their minor-unit digits, the
 * countries using each, and the payment providers that can charge in it. Server-side: it carries the
 * whole ISO table, so browser code imports format.ts instead.
 */
import { data as iso4217 } from 'currency-codes';
import { PAYMENT_PROVIDERS, type PaymentProvider } from './providers/provider.js';
import { PAYPAL_CURRENCIES } from './providers/paypal.js';
import { RAZORPAY_CURRENCIES } from './providers/razorpay.js';
import { STRIPE_CURRENCIES } from './providers/stripe.js';

export { PAYMENT_PROVIDERS, type PaymentProvider };

export interface CurrencyInfo {
  code: string;
  /** Minor-unit digits: amounts are stored as integers of 10^-digits of the unit. */
  digits: number;
  name: string;
  /** Where the currency is used, as the ISO data names them ("United States of America (The)"). */
  countries: string[];
  /** Always includes 'offline': a manual payment can be taken in any currency. */
  providers: PaymentProvider[];
}

export const DEFAULT_CURRENCY = 'USD';

/** Minor-unit digits assumed for a code we do not know: the most common case. */
const FALLBACK_DIGITS = 2;

const CHARGED_BY: Record<Exclude<PaymentProvider, 'offline'>, ReadonlySet<string>> = {
  paypal: new Set(PAYPAL_CURRENCIES),
  stripe: new Set(STRIPE_CURRENCIES),
  razorpay: new Set(RAZORPAY_CURRENCIES),
};

function providersFor(code: string): PaymentProvider[] {
  return PAYMENT_PROVIDERS.filter((provider) => provider === 'offline' || CHARGED_BY[provider].has(code));
}

/**
 * The ISO 4217 list sorted by code. The package also lists metals, bond units and the testing /
 * no-currency codes (their "countries" are Zz… placeholders): nobody prices in those. Entries are
 * frozen because the list is shared by every request and plugin.
 */
export const CURRENCIES: readonly CurrencyInfo[] = iso4217
  .filter((c) => !c.countries.some((country) => /^Zz\d/.test(country)))
  .map((c) =>
    Object.freeze({
      code: c.code,
      digits: c.digits,
      name: c.currency,
      countries: Object.freeze([...c.countries]) as string[],
      providers: Object.freeze(providersFor(c.code)) as PaymentProvider[],
    }),
  )
  .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));

const BY_CODE: ReadonlyMap<string, CurrencyInfo> = new Map(CURRENCIES.map((c) => [c.code, c]));

/** Looks a currency up by its ISO code, in any letter case (providers often send "usd"). */
export function findCurrency(code: string): CurrencyInfo | undefined {
  return BY_CODE.get(code.toUpperCase());
}

/** The currency's minor-unit digits; 2 for a code not in the list. */
export function currencyDigits(code: string): number {
  return findCurrency(code)?.digits ?? FALLBACK_DIGITS;
}

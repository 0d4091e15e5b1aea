import { DEFAULT_CURRENCY, findCurrency, type PaymentProvider } from '@lectern/sdk';

export interface ShopCurrency {
  code: string;
  digits: number;
  providers: readonly PaymentProvider[];
}

/** The site's currency (SPEC §3 settings.currency; USD when unset or unknown) with its digits and providers. */
export function shopCurrency(settings: unknown): ShopCurrency {
  const wanted = (settings as { currency?: unknown } | null)?.currency;
  const found = (typeof wanted === 'string' ? findCurrency(wanted) : undefined) ?? findCurrency(DEFAULT_CURRENCY);
  if (found === undefined) return { code: DEFAULT_CURRENCY, digits: 2, providers: ['offline'] };
  return { code: found.code, digits: found.digits, providers: found.providers };
}

import { api, CACHE } from '@lectern/admin/kit';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { API, keys } from './model';
import { currencyFor, money, type Currency } from './money';

/**
 * The site's currency with the server's digits, from the shop's public currency route, so members
 * (their orders) and managers read it the same way; it changes with the site settings, so it is
 * cached as options are.
 */
export function useSiteCurrency() {
  return useQuery({
    queryKey: keys.currency,
    queryFn: () => api<Currency>(`${API}/currency`),
    staleTime: CACHE.options,
  });
}

/**
 * Formats minor units for the screen's language: in the site currency, or in an order's own
 * currency code. Until the site currency is known, amounts use Intl's digits for the code.
 */
export function useMoney() {
  const { i18n } = useTranslation();
  const site = useSiteCurrency().data;
  return {
    site,
    format: (minor: number, code?: string) =>
      money(minor, code === undefined ? (site ?? currencyFor('USD', undefined)) : currencyFor(code, site), i18n.language),
  };
}

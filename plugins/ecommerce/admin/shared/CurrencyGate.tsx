import { QueryView } from '@lectern/admin/kit';
import type { ReactNode } from 'react';
import { useSiteCurrency } from './useCurrency';

/** Holds a screen until the site currency is known, so no amount is ever drawn with the wrong digits. */
export function CurrencyGate({ children }: { children: ReactNode }) {
  const currency = useSiteCurrency();
  return <QueryView query={currency}>{() => children}</QueryView>;
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PlatformAccountListWire, PluginListWire, UpdateAccountBodyWire } from '@lectern/sdk/wire';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { useToast } from '../../../ui/toasts';
import { ACCOUNTS_ROOT, PLUGINS_ROOT, type PlanId, type PlatformAccount } from '../shared';
import { LIMIT, type AccountStatus } from './constants';
import { serverText } from './server-text';

/** What the list is filtered by; '' is "any". */
export interface AccountFilter {
  search: string;
  plan: PlanId | '';
  status: AccountStatus | '';
  offset: number;
}

/** One page of accounts matching the filter. */
export function useAccountList({ search, plan, status, offset }: AccountFilter) {
  return useQuery({
    queryKey: [ACCOUNTS_ROOT, 'list', search, plan, status, offset],
    queryFn: () =>
      api<PlatformAccountListWire>('/api/platform/accounts', {
        query: {
          search: search === '' ? undefined : search,
          plan: plan === '' ? undefined : plan,
          status: status === '' ? undefined : status,
          limit: LIMIT,
          offset,
        },
      }),
  });
}

/** Suspends or reactivates an account; `onSettled` runs on success and failure alike (closing the confirmation). */
export function useSuspendAccount(onSettled: () => void) {
  const { t } = useTranslation('platform');
  const toast = useToast();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: ({ id, suspended }: { id: string; suspended: boolean }) =>
      api<PlatformAccount>(`/api/platform/accounts/${id}`, { method: 'PUT', body: { suspended } satisfies UpdateAccountBodyWire }),
    onSuccess: (account) => {
      onSettled();
      toast(t(account.suspended_at === null ? 'platform.accounts.unsuspended' : 'platform.accounts.suspendedToast', { name: account.name }));
      void queries.invalidateQueries({ queryKey: [ACCOUNTS_ROOT] });
    },
    onError: (failure) => {
      onSettled();
      toast(serverText(t, failure), 'danger');
    },
  });
}

/**
 * Saves one change to an account (its plan or its feature switches), then toasts `toastText(updated)`, refreshes
 * the account and plugin lists (a plan or switch changes what the catalogue counts) and calls `onDone`.
 */
export function useUpdateAccount<Body>(
  account: Pick<PlatformAccount, 'id'>,
  toBody: (value: Body) => UpdateAccountBodyWire,
  toastText: (updated: PlatformAccount) => string,
  onDone: () => void,
) {
  const toast = useToast();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (value: Body) => api<PlatformAccount>(`/api/platform/accounts/${account.id}`, { method: 'PUT', body: toBody(value) }),
    onSuccess: (updated) => {
      toast(toastText(updated));
      void queries.invalidateQueries({ queryKey: [ACCOUNTS_ROOT] });
      void queries.invalidateQueries({ queryKey: [PLUGINS_ROOT] });
      onDone();
    },
  });
}

/** The plugin catalogue, where the feature switches come from. */
export function usePluginCatalogue() {
  return useQuery({ queryKey: [PLUGINS_ROOT], queryFn: () => api<PluginListWire>('/api/platform/plugins') });
}

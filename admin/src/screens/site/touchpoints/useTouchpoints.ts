import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { errorText } from '../../../ui/states';
import { useToast } from '../../../ui/toasts';
import { TOUCHPOINTS_KEY, withPatched, type Touchpoint, type TouchpointPatch } from './model';

const put = (key: string, body: TouchpointPatch) => api<Touchpoint>(`/api/account/touchpoints/${encodeURIComponent(key)}`, { method: 'PUT', body });

/** The account's touchpoints; fetched only once the tab has been opened. */
export function useTouchpoints(enabled: boolean) {
  return useQuery({ queryKey: TOUCHPOINTS_KEY, queryFn: () => api<Touchpoint[]>('/api/account/touchpoints'), enabled });
}

type Switches = Pick<TouchpointPatch, 'email' | 'notification'>;

/**
 * Flips a touchpoint's email or notification switch at once. Only the fields that were changed are
 * put back on failure, so another row switched meanwhile keeps its own state.
 */
export function useSwitchTouchpoint() {
  const { t } = useTranslation('site');
  const toast = useToast();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: ({ key, patch }: { key: string; patch: Switches }) => put(key, patch),
    onMutate: async ({ key, patch }) => {
      await queries.cancelQueries({ queryKey: TOUCHPOINTS_KEY });
      const before = queries.getQueryData<Touchpoint[]>(TOUCHPOINTS_KEY)?.find((item) => item.key === key);
      queries.setQueryData<Touchpoint[]>(TOUCHPOINTS_KEY, (list) => withPatched(list, key, patch));
      const previous: Switches = {};
      if (before !== undefined) for (const field of Object.keys(patch) as (keyof Switches)[]) previous[field] = before[field];
      return { previous };
    },
    onError: (error, { key }, context) => {
      if (context !== undefined) queries.setQueryData<Touchpoint[]>(TOUCHPOINTS_KEY, (list) => withPatched(list, key, context.previous));
      toast(`${t('site.touchpoints.switchFailed')} ${errorText(t, error)}`, 'danger');
    },
    onSuccess: (saved) => queries.setQueryData<Touchpoint[]>(TOUCHPOINTS_KEY, (list) => withPatched(list, saved.key, saved)),
  });
}

/** Saves a touchpoint's templates, or (with nulls) restores its defaults. */
export function useSaveTemplate() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: ({ key, subject, body }: { key: string; subject: string | null; body: string | null }) => put(key, { subject, body }),
    onSuccess: (saved) => queries.setQueryData<Touchpoint[]>(TOUCHPOINTS_KEY, (list) => withPatched(list, saved.key, saved)),
  });
}

export interface BulkProgress {
  done: number;
  total: number;
}

/**
 * Puts the same switches on many touchpoints, one request after another (the server merges each
 * into the option on its own), counting progress; failures are counted and the rest still run.
 */
export function useBulkSwitch() {
  const queries = useQueryClient();
  const [progress, setProgress] = useState<BulkProgress | null>(null);
  const run = useCallback(
    async (keys: readonly string[], patch: Switches): Promise<{ failed: number; error: unknown }> => {
      let failed = 0;
      let lastError: unknown = null;
      setProgress({ done: 0, total: keys.length });
      for (const [index, key] of keys.entries()) {
        try {
          const saved = await put(key, patch);
          queries.setQueryData<Touchpoint[]>(TOUCHPOINTS_KEY, (list) => withPatched(list, saved.key, saved));
        } catch (error) {
          failed += 1;
          lastError = error;
        }
        setProgress({ done: index + 1, total: keys.length });
      }
      setProgress(null);
      if (failed > 0) void queries.invalidateQueries({ queryKey: TOUCHPOINTS_KEY });
      return { failed, error: lastError };
    },
    [queries],
  );
  return { run, progress, running: progress !== null };
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
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
export type SwitchField = keyof Switches;

/**
 * Flips a touchpoint's email or notification switch optimistically: the box shows the click in the
 * same render as the click (React state, set in the change handler, so a controlled checkbox never
 * snaps back while the save is on its way), the save follows, and its answer settles the cache.
 * A refused save puts the switch back and says so (a toast, and `failure` for an inline message).
 * Only the switch that failed goes back, so another row switched meanwhile keeps its own state.
 */
export function useSwitchTouchpoint() {
  const { t } = useTranslation('site');
  const toast = useToast();
  const queries = useQueryClient();
  // What the boxes show while their saves run, by "key:field"; the newest click of a box wins.
  const [shown, setShown] = useState<ReadonlyMap<string, boolean>>(new Map());
  const latest = useRef(new Map<string, number>());
  const [failure, setFailure] = useState<string | null>(null);

  const settle = useCallback((id: string, request: number) => {
    if (latest.current.get(id) !== request) return;
    latest.current.delete(id);
    setShown((current) => {
      const next = new Map(current);
      next.delete(id);
      return next;
    });
  }, []);

  // Settled in the hook's own callbacks: they run for every save, where mutate()'s run only for the last.
  const { mutate } = useMutation({
    mutationFn: ({ key, patch }: { key: string; patch: Switches; id: string; request: number }) => put(key, patch),
    onMutate: async () => {
      // A list request already on its way must not overwrite the click with what it read before.
      await queries.cancelQueries({ queryKey: TOUCHPOINTS_KEY });
    },
    onSuccess: (saved, { id, request }) => {
      // The cache takes the server's answer first, so dropping the override shows the same value.
      queries.setQueryData<Touchpoint[]>(TOUCHPOINTS_KEY, (list) => withPatched(list, saved.key, saved));
      settle(id, request);
    },
    onError: (error, { id, request }) => {
      if (latest.current.get(id) !== request) return;
      settle(id, request);
      const message = `${t('site.touchpoints.switchFailed')} ${errorText(t, error)}`;
      setFailure(message);
      toast(message, 'danger');
    },
  });

  const flip = useCallback(
    (key: string, field: SwitchField, on: boolean) => {
      const id = `${key}:${field}`;
      const request = (latest.current.get(id) ?? 0) + 1;
      latest.current.set(id, request);
      setShown((current) => new Map(current).set(id, on));
      setFailure(null);
      mutate({ key, patch: { [field]: on }, id, request });
    },
    [mutate],
  );

  /** The list as the boxes show it: the server's values with the clicks still being saved. */
  const apply = useCallback(
    (list: readonly Touchpoint[]): Touchpoint[] =>
      shown.size === 0
        ? [...list]
        : list.map((item) => {
            const email = shown.get(`${item.key}:email`);
            const notification = shown.get(`${item.key}:notification`);
            return email === undefined && notification === undefined
              ? item
              : { ...item, ...(email === undefined ? {} : { email }), ...(notification === undefined ? {} : { notification }) };
          }),
    [shown],
  );

  return { flip, apply, failure };
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

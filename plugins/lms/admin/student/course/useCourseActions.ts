import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorText, useToast } from '@lectern/admin/kit';
import { playerPath, studentKeys } from '../keys';
import type { EnrolmentStatus, StateResult } from '../types';

/** After any change of state: the player (progress, locks, next) and "my courses" are stale. */
export function useRefreshCourse(course: string) {
  const queries = useQueryClient();
  return () =>
    Promise.all([queries.invalidateQueries({ queryKey: studentKeys.player(course) }), queries.invalidateQueries({ queryKey: ['lms', 'my-courses'] })]);
}

/** SPEC §4: the first open of an enrolled (status 1) course starts it; later opens change nothing. */
export function useAutoStart(course: string, status: EnrolmentStatus) {
  const refresh = useRefreshCourse(course);
  const asked = useRef(false);
  const start = useMutation({
    mutationFn: () => api<StateResult>(`${playerPath(course)}/start`, { method: 'POST', body: {} }),
    onSettled: () => void refresh(),
  });
  const { mutate } = start;
  useEffect(() => {
    if (status !== 1 || asked.current) return;
    asked.current = true;
    mutate();
  }, [status, mutate]);
}

/** Mark a unit complete (POST) or incomplete (DELETE). */
export function useUnitCompletion(course: string, itemId: string) {
  const { t } = useTranslation('lms-student');
  const toast = useToast();
  const refresh = useRefreshCourse(course);
  return useMutation({
    mutationFn: (complete: boolean) =>
      api<StateResult>(`${playerPath(course)}/items/${itemId}/complete`, { method: complete ? 'POST' : 'DELETE', ...(complete ? { body: {} } : {}) }),
    onSuccess: (_result, complete) => {
      toast(t(complete ? 'unit.markedComplete' : 'unit.markedIncomplete'));
      return refresh();
    },
    onError: (error) => toast(errorText(t, error), 'danger'),
  });
}

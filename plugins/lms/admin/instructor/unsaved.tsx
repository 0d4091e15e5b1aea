import { ConfirmDialog } from '@lectern/admin/kit';
import { createContext, useCallback, useContext, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

/**
 * How far unsaved work reaches. 'editor': it survives a change of tab or opened item (the details
 * form stays mounted), so only leaving the course editor loses it. 'view': a change of tab or opened
 * item (a change of the query string) unmounts it too (item settings, a unit's content).
 */
export type UnsavedScope = 'editor' | 'view';

interface UnsavedApi {
  report: (id: string, scope: UnsavedScope | null) => void;
  /** Lets the next navigation through unasked (the editor's own move, e.g. after deleting the course). */
  allowNext: () => void;
}

const UnsavedContext = createContext<UnsavedApi>({ report: () => undefined, allowNext: () => undefined });

/** A form tells the course editor whether it holds unsaved work; the editor asks before it is lost. */
export function useUnsavedWork(scope: UnsavedScope, dirty: boolean) {
  const id = useId();
  const { report } = useContext(UnsavedContext);
  useEffect(() => {
    report(id, dirty ? scope : null);
    return () => report(id, null);
  }, [id, scope, dirty, report]);
}

export function useAllowLeave() {
  return useContext(UnsavedContext).allowNext;
}

/**
 * The course editor's one navigation guard (a data router holds a single blocker at a time): any
 * in-app navigation that would lose unsaved work asks first, closing or reloading the tab gets the
 * browser's own question.
 */
export function UnsavedGuard({ children }: { children: (dirty: { editor: boolean; view: boolean }) => ReactNode }) {
  const { t } = useTranslation('lms-instructor');
  const [work, setWork] = useState<Record<string, UnsavedScope>>({});
  const workRef = useRef(work);
  workRef.current = work;
  const allowed = useRef(false);

  const report = useCallback((id: string, scope: UnsavedScope | null) => {
    setWork((old) => {
      if ((old[id] ?? null) === scope) return old;
      const next = { ...old };
      if (scope === null) delete next[id];
      else next[id] = scope;
      return next;
    });
  }, []);
  const allowNext = useCallback(() => {
    allowed.current = true;
  }, []);
  const api = useMemo(() => ({ report, allowNext }), [report, allowNext]);

  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (allowed.current) {
      allowed.current = false;
      return false;
    }
    const scopes = Object.values(workRef.current);
    if (currentLocation.pathname !== nextLocation.pathname) return scopes.length > 0;
    return currentLocation.search !== nextLocation.search && scopes.includes('view');
  });

  const scopes = Object.values(work);
  const any = scopes.length > 0;
  useEffect(() => {
    if (!any) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the question only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [any]);

  return (
    <UnsavedContext.Provider value={api}>
      {children({ editor: scopes.includes('editor'), view: scopes.includes('view') })}
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title={t('editor.leaveTitle')}
        body={t('editor.leaveBody')}
        confirmLabel={t('editor.leave')}
        onConfirm={() => blocker.proceed?.()}
        onClose={() => blocker.reset?.()}
      />
    </UnsavedContext.Provider>
  );
}

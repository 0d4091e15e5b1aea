import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { PreferencesPatchWire, PreferencesWire } from '@lectern/sdk/wire';
import { BOOTSTRAP_KEY, type Bootstrap } from '../api/bootstrap';
import { api } from '../api/client';
import { changeLanguage } from '../i18n/i18n';
import type { Language } from '../i18n/languages';
import { THEME_STORAGE_KEY, type ThemeName } from '../theme/themes';

export const LANGUAGE_STORAGE_KEY = 'lectern-language';
/** SPEC §9 storage keys: isOpen, the sidebar's remembered state. */
export const SIDEBAR_STORAGE_KEY = 'isOpen';

interface Preferences {
  theme: ThemeName;
  setTheme(theme: ThemeName, save?: boolean): void;
  setLanguage(language: Language, save?: boolean): Promise<void>;
  /** Remembers the sidebar state on this device and for the member. */
  saveSidebar(open: boolean): void;
}

const PreferencesContext = createContext<Preferences | null>(null);

const remember = (key: string, value: string) => {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Private windows may refuse storage; the server copy still holds the choice.
  }
};

/** Theme, language and sidebar choices: applied at once, kept in this browser and saved for the member. */
export function PreferencesProvider({ initialTheme, children }: { initialTheme: ThemeName; children: ReactNode }) {
  const [theme, setThemeState] = useState<ThemeName>(initialTheme);
  const queries = useQueryClient();
  const save = useMutation({
    mutationFn: (body: PreferencesPatchWire) => api<PreferencesWire>('/api/dashboard/preferences', { method: 'PUT', body }),
    // The shell reads preferences from the bootstrap; keep it in step without refetching it.
    onSuccess: (preferences) => queries.setQueryData<Bootstrap>(BOOTSTRAP_KEY, (old) => (old === undefined ? old : { ...old, preferences })),
  });
  const { mutate } = save;
  const setTheme = useCallback(
    (next: ThemeName, persist = true) => {
      setThemeState(next);
      remember(THEME_STORAGE_KEY, next);
      if (persist) mutate({ theme: next });
    },
    [mutate],
  );
  const setLanguage = useCallback(
    async (next: Language, persist = true) => {
      await changeLanguage(next);
      remember(LANGUAGE_STORAGE_KEY, next);
      if (persist) mutate({ language: next });
    },
    [mutate],
  );
  const saveSidebar = useCallback(
    (open: boolean) => {
      remember(SIDEBAR_STORAGE_KEY, String(open));
      mutate({ sidebar_open: open });
    },
    [mutate],
  );
  const value = useMemo(() => ({ theme, setTheme, setLanguage, saveSidebar }), [theme, setTheme, setLanguage, saveSidebar]);
  return <PreferencesContext.Provider value={value}>{children}</PreferencesContext.Provider>;
}

export function usePreferences(): Preferences {
  const value = useContext(PreferencesContext);
  if (value === null) throw new Error('usePreferences outside PreferencesProvider');
  return value;
}

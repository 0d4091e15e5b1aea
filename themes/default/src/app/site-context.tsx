import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { SitePageData } from '@lectern/sdk';
import { translate, type MessageKey, type Messages } from '../i18n/messages.js';
import { COLOR_SCHEME_COOKIE, isColorScheme, persistColorScheme, THEME_STORAGE_KEY, type ColorScheme } from '../lib/color-scheme.js';
import { readStorage } from '../lib/browser-storage.js';
import { readCookie } from '../consent/consent.js';
import type { PagePayload } from './page-payload.js';

export type Translate = (key: MessageKey, vars?: Record<string, string | number>) => string;

export interface SiteContextValue {
  data: SitePageData;
  messages: Messages;
  renderedAt: number;
  t: Translate;
  scheme: ColorScheme;
  setScheme: (scheme: ColorScheme) => void;
}

const SiteContext = createContext<SiteContextValue | null>(null);

/** Page data, text and the light/dark choice for everything below (the provider theme reuses it). */
export function SiteProvider({ payload, children }: { payload: PagePayload; children: ReactNode }) {
  const { data, messages, renderedAt } = payload;
  const [scheme, setSchemeState] = useState<ColorScheme>(isColorScheme(data.colorScheme) ? data.colorScheme : 'light');
  const setScheme = useCallback((next: ColorScheme) => {
    setSchemeState(next);
    persistColorScheme(next);
  }, []);
  useEffect(() => {
    // The cookie can be gone (cleared, expired) while localStorage kept the choice: restore both.
    if (readCookie(document.cookie, COLOR_SCHEME_COOKIE) !== null) return;
    const stored = readStorage('local', THEME_STORAGE_KEY);
    if (isColorScheme(stored) && stored !== scheme) setScheme(stored);
    // Only once, after hydration.
  }, []);
  const t = useCallback<Translate>((key, vars) => translate(messages, key, vars), [messages]);
  const value = useMemo(() => ({ data, messages, renderedAt, t, scheme, setScheme }), [data, messages, renderedAt, t, scheme, setScheme]);
  return <SiteContext.Provider value={value}>{children}</SiteContext.Provider>;
}

export function useSite(): SiteContextValue {
  const value = useContext(SiteContext);
  if (value === null) throw new Error('useSite outside SiteProvider');
  return value;
}

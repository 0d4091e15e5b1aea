import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { SitePageData } from '@lectern/sdk';
import { SiteContext, SiteUiProvider, useSite as useSiteContext, type SiteContextValue as KitContextValue } from '@lectern/sdk/site';
import { translate, type MessageKey, type Messages } from '../i18n/messages.js';
import { COLOR_SCHEME_COOKIE, isColorScheme, persistColorScheme, THEME_STORAGE_KEY, type ColorScheme } from '../lib/color-scheme.js';
import { readStorage } from '../lib/browser-storage.js';
import { readCookie } from '../consent/consent.js';
import type { PagePayload } from './page-payload.js';
import { THEME_UI } from './theme-ui.js';

export type Translate = (key: MessageKey, vars?: Record<string, string | number>) => string;

export interface SiteContextValue {
  data: SitePageData;
  messages: Messages;
  renderedAt: number;
  t: Translate;
  scheme: ColorScheme;
  setScheme: (scheme: ColorScheme) => void;
}

/**
 * Page data, text and the light/dark choice for everything below, in the SDK's SiteContext (so
 * plugins read it with @lectern/sdk/site's useSite), plus this theme's styled primitives for plugin
 * code (SiteUiProvider). The provider theme reuses it.
 */
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
  return (
    <SiteContext.Provider value={value as unknown as KitContextValue}>
      <SiteUiProvider ui={THEME_UI}>{children}</SiteUiProvider>
    </SiteContext.Provider>
  );
}

/** The SDK's site context, typed with this theme's message keys (its SiteProvider filled it). */
export function useSite(): SiteContextValue {
  return useSiteContext() as SiteContextValue;
}

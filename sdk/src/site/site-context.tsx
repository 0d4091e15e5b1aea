import { createContext, useContext } from 'react';
import type { SitePageData } from '@lectern/core/site';

/** Light or dark, as the visitor chose it. */
export type ColorScheme = 'light' | 'dark';

/** Text of the theme's catalogue by key, with `{name}` placeholders filled from vars. */
export type SiteTranslate = (key: string, vars?: Record<string, string | number>) => string;

/**
 * What every part of a page can read, whichever theme draws it: the page data, the theme's text in
 * the page's language, when the page was rendered, and the light/dark choice. The theme fills it
 * (its SiteProvider); plugins' islands and widgets read it with useSite().
 */
export interface SiteContextValue {
  data: SitePageData;
  messages: Readonly<Record<string, string>>;
  renderedAt: number;
  t: SiteTranslate;
  scheme: ColorScheme;
  setScheme: (scheme: ColorScheme) => void;
}

/** The context a theme provides (see SiteContextValue). Themes use it; plugins use useSite(). */
export const SiteContext = createContext<SiteContextValue | null>(null);

/** The page's site context; throws outside a theme's provider (a part drawn outside a page is a bug). */
export function useSite(): SiteContextValue {
  const value = useContext(SiteContext);
  if (value === null) throw new Error('useSite outside SiteProvider');
  return value;
}

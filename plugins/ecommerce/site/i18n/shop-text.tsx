import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { useSite } from '@lectern/sdk/site';
import en, { type ShopKey } from '../locales/en.js';

export type { ShopKey };
export type ShopCatalogue = Partial<Record<ShopKey, string>>;
export type ShopTranslate = (key: ShopKey, vars?: Record<string, string | number>) => string;

// Each language is a chunk of its own, fetched only for pages in that language; English ships with
// the code as the fallback for keys a translation lacks.
const CATALOGUES = import.meta.glob<{ default: ShopCatalogue }>(['../locales/*.ts', '!../locales/en.ts']);
const loading = new Map<string, Promise<ShopCatalogue>>();

function loadCatalogue(language: string): Promise<ShopCatalogue> {
  const load = CATALOGUES[`../locales/${language}.ts`];
  if (load === undefined) return Promise.resolve({});
  let pending = loading.get(language);
  if (pending === undefined) {
    pending = load()
      .then((module) => module.default)
      .catch(() => ({}));
    loading.set(language, pending);
  }
  return pending;
}

export function translateShop(catalogue: ShopCatalogue, key: ShopKey, vars?: Record<string, string | number>): string {
  const text: string = catalogue[key] ?? en[key];
  if (vars === undefined) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

const ShopTextContext = createContext<ShopTranslate | null>(null);

/**
 * The shop's text in the page's language for everything below. Nothing is drawn until the
 * language's catalogue arrived (the parts it wraps start hidden: a closed cart, a button that
 * replaces a server-drawn one), so no English flashes before the translation.
 */
export function ShopTextProvider({ children }: { children: ReactNode }) {
  const { data } = useSite();
  const language = data.shell.language;
  const [catalogue, setCatalogue] = useState<ShopCatalogue | null>(language === 'en' ? {} : null);
  useEffect(() => {
    if (language === 'en') return;
    let live = true;
    void loadCatalogue(language).then((loaded) => {
      if (live) setCatalogue(loaded);
    });
    return () => {
      live = false;
    };
  }, [language]);
  const t = useCallback<ShopTranslate>((key, vars) => translateShop(catalogue ?? {}, key, vars), [catalogue]);
  if (catalogue === null) return null;
  return <ShopTextContext.Provider value={t}>{children}</ShopTextContext.Provider>;
}

export function useShopText(): ShopTranslate {
  const t = useContext(ShopTextContext);
  if (t === null) throw new Error('useShopText outside ShopTextProvider');
  return t;
}

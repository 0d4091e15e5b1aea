import i18next from 'i18next';
import { createContext, createElement, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useSite } from './site-context.js';

/**
 * A plugin's words in its site islands, from the same catalogue files its server views and admin
 * screens read (`locales/<language>/<namespace>.json`, i18next's JSON) through the same engine, so
 * a word reads the same on the server-drawn page and in the island that replaces it.
 */

type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
type PluralBase<K extends string> = K extends `${infer Base}_${PluralSuffix}` ? Base : K;

/** The keys of a catalogue as dot paths (`cart.title`); plural forms `x_one`/`x_other` answer to `x`. */
export type TextKey<C> = {
  [K in keyof C & string]: C[K] extends string ? PluralBase<K> : C[K] extends object ? `${K}.${TextKey<C[K]>}` : never;
}[keyof C & string];

export type TextVars = Readonly<Record<string, string | number>>;
export type PluginTextTranslate<C> = (key: TextKey<C>, vars?: TextVars) => string;

/** `import.meta.glob('../locales/*\/site.json')`: a loader per language, keyed by the file's path. */
export type CatalogueLoaders = Readonly<Record<string, () => Promise<{ default: unknown }>>>;

export interface PluginText<C> {
  /** Draws its children once the page's language is loaded (English ships with the code), so no English flashes first. */
  TextProvider: (props: { children: ReactNode }) => ReactNode;
  /** The plugin's words in the page's language, inside TextProvider. */
  useText: () => PluginTextTranslate<C>;
}

const languageOf = (file: string) => file.split('/').at(-2) ?? '';

/**
 * Makes a plugin's island text from its English catalogue (bundled, the fallback for any missing
 * key) and loaders for the other languages (each its own chunk, fetched only on pages in it).
 */
export function createPluginText<C extends object>(english: C, loaders: CatalogueLoaders, namespace = 'site'): PluginText<C> {
  const byLanguage = new Map(Object.entries(loaders).map(([file, load]) => [languageOf(file), load] as const));
  const engine = i18next.createInstance();
  void engine.init({
    resources: { en: { [namespace]: english as Record<string, unknown> } },
    lng: 'en',
    fallbackLng: 'en',
    ns: [namespace],
    defaultNS: namespace,
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
    showSupportNotice: false,
  });
  const loading = new Map<string, Promise<void>>();
  const load = (language: string): Promise<void> => {
    if (language === 'en' || engine.hasResourceBundle(language, namespace)) return Promise.resolve();
    let pending = loading.get(language);
    if (pending === undefined) {
      const loader = byLanguage.get(language);
      pending = (loader === undefined ? Promise.resolve({ default: {} }) : loader())
        .then((module) => {
          engine.addResourceBundle(language, namespace, module.default as Record<string, unknown>, true, true);
        })
        .catch(() => undefined); // a chunk that failed to load leaves English, never a blank part
      loading.set(language, pending);
    }
    return pending;
  };

  const Context = createContext<PluginTextTranslate<C> | null>(null);

  function TextProvider({ children }: { children: ReactNode }): ReactNode {
    const language = useSite().data.shell.language;
    const [ready, setReady] = useState(language === 'en' || engine.hasResourceBundle(language, namespace));
    useEffect(() => {
      let live = true;
      void load(language).then(() => {
        if (live) setReady(true);
      });
      return () => {
        live = false;
      };
    }, [language]);
    const translate = useMemo<PluginTextTranslate<C>>(() => {
      const fixed = engine.getFixedT(language, namespace);
      return (key, vars) => fixed(key, vars === undefined ? undefined : { ...vars });
    }, [language, ready]); // `ready` marks the catalogue's arrival: a new translate reads it
    if (!ready) return null;
    return createElement(Context.Provider, { value: translate }, children);
  }

  function useText(): PluginTextTranslate<C> {
    const translate = useContext(Context);
    if (translate === null) throw new Error('useText outside the plugin’s TextProvider');
    return translate;
  }

  return { TextProvider, useText };
}

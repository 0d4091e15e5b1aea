import { catalogueText, type Catalogue } from '@lectern/core/site';
import { createContext, createElement, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useSite } from './site-context.js';

/**
 * A plugin's words in its site islands, from the same catalogue files its server views and admin
 * screens read (`locales/<language>/<namespace>.json`, i18next's JSON), with the same reader as its
 * server views (catalogueText), so a word reads the same on the server-drawn page and in the island
 * that replaces it.
 */

type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
type PluralBase<K extends string> = K extends `${infer Base}_${PluralSuffix}` ? Base : K;

/** The keys of a catalogue as dot paths (`cart.title`); plural forms `x_one`/`x_other` answer to `x`. */
export type TextKey<C> = {
  [K in keyof C & string]: C[K] extends string ? PluralBase<K> : C[K] extends object ? `${K}.${TextKey<C[K]>}` : never;
}[keyof C & string];

export type PluginTextTranslate<C> = (key: TextKey<C>, vars?: Readonly<Record<string, string | number>>) => string;

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
export function createPluginText<C extends object>(english: C, loaders: CatalogueLoaders): PluginText<C> {
  const byLanguage = new Map(Object.entries(loaders).map(([file, load]) => [languageOf(file), load] as const));
  const loaded = new Map<string, Catalogue>([['en', english as Catalogue]]);
  const loading = new Map<string, Promise<void>>();
  const load = (language: string): Promise<void> => {
    if (loaded.has(language)) return Promise.resolve();
    let pending = loading.get(language);
    if (pending === undefined) {
      const loader = byLanguage.get(language);
      pending = (loader === undefined ? Promise.resolve({ default: {} }) : loader())
        .then((module) => {
          loaded.set(language, module.default as Catalogue);
        })
        .catch(() => {
          loaded.set(language, {}); // a chunk that failed to load leaves English, never a blank part
        });
      loading.set(language, pending);
    }
    return pending;
  };

  const Context = createContext<PluginTextTranslate<C> | null>(null);

  function TextProvider({ children }: { children: ReactNode }): ReactNode {
    const language = useSite().data.shell.language;
    const [ready, setReady] = useState(loaded.has(language));
    useEffect(() => {
      let live = true;
      void load(language).then(() => {
        if (live) setReady(true);
      });
      return () => {
        live = false;
      };
    }, [language]);
    // `ready` marks the catalogue's arrival: a new translate reads it.
    const translate = useMemo<PluginTextTranslate<C>>(() => catalogueText(language, loaded.get(language), english as Catalogue), [language, ready]);
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

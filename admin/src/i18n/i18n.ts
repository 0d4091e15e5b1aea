import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import pluginLocales from 'virtual:lectern-plugins/locales';
import { directionOf, type Language } from './languages';

type Catalogue = () => Promise<{ default: Record<string, unknown> }>;

// Every language is its own set of chunks, loaded when chosen: the first screen carries none.
const kernelCatalogues = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json');

/** Plugins' catalogues as `@lectern/sdk/vite` lists them: plugin → language → file → loader. */
type PluginCatalogues = Readonly<Record<string, Readonly<Record<string, Readonly<Record<string, Catalogue>>>>>>;

/**
 * Every catalogue file as language, namespace and loader. Plugins' screens bring theirs (the
 * folder their package.json's `lectern.locales` names): `<language>/<file>.json` of plugin
 * `<plugin>` is the namespace `<plugin>-<file>` (so two plugins never share one).
 */
export function catalogueFiles(kernel: Record<string, Catalogue>, plugins: PluginCatalogues): Array<{ language: string; namespace: string; load: Catalogue }> {
  const name = (file: string) => file.split('/').pop()!.replace('.json', '');
  return [
    ...Object.entries(kernel).map(([file, load]) => ({ language: file.split('/').at(-2)!, namespace: name(file), load })),
    ...Object.entries(plugins).flatMap(([plugin, languages]) =>
      Object.entries(languages).flatMap(([language, files]) =>
        Object.entries(files).map(([file, load]) => ({ language, namespace: `${plugin}-${file}`, load })),
      ),
    ),
  ];
}

const catalogues = catalogueFiles(kernelCatalogues, pluginLocales);

async function loadCatalogue(language: string): Promise<Record<string, Record<string, unknown>>> {
  const entries = catalogues.filter((file) => file.language === language);
  const loaded = await Promise.all(entries.map(async ({ namespace, load }) => [namespace, (await load()).default] as const));
  return Object.fromEntries(loaded);
}

export const NAMESPACES = [...new Set(catalogues.map((file) => file.namespace))];

/**
 * Where the API's message keys are translated: the kernel's in common (errors.*), each plugin's in
 * plugins/<plugin>/locales/<language>/errors.json (the namespace `<plugin>-errors`).
 */
export const ERROR_NAMESPACES = ['common', ...NAMESPACES.filter((namespace) => namespace.endsWith('-errors'))];

export async function initI18n(language: Language): Promise<I18n> {
  const resources: Record<string, Record<string, Record<string, unknown>>> = { en: await loadCatalogue('en') };
  if (language !== 'en') resources[language] = await loadCatalogue(language);
  await i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    ns: NAMESPACES,
    defaultNS: 'common',
    fallbackNS: 'common',
    resources,
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
    showSupportNotice: false,
  });
  applyDirection(language);
  return i18next;
}

/** Switches language, loading its catalogue first; the page flips to right-to-left for Arabic. */
export async function changeLanguage(language: Language): Promise<void> {
  if (!i18next.hasResourceBundle(language, 'common')) {
    const catalogue = await loadCatalogue(language);
    for (const [ns, strings] of Object.entries(catalogue)) i18next.addResourceBundle(language, ns, strings, true, true);
  }
  await i18next.changeLanguage(language);
  applyDirection(language);
}

function applyDirection(language: string): void {
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
}

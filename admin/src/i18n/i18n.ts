import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { directionOf, type Language } from './languages';

// Every language is its own set of chunks, loaded when chosen: the first screen carries none.
const catalogues = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json');

async function loadCatalogue(language: string): Promise<Record<string, Record<string, unknown>>> {
  const entries = Object.entries(catalogues).filter(([file]) => file.startsWith(`./locales/${language}/`));
  const loaded = await Promise.all(entries.map(async ([file, load]) => [file.split('/').pop()!.replace('.json', ''), (await load()).default] as const));
  return Object.fromEntries(loaded);
}

export const NAMESPACES = [...new Set(Object.keys(catalogues).map((file) => file.split('/').pop()!.replace('.json', '')))];

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

/** SPEC §9: the twenty languages of the dashboard and sites. Arabic is written right to left. */
export const LANGUAGES = ['en', 'es', 'fr', 'de', 'it', 'pt', 'ru', 'ja', 'zh', 'ko', 'ar', 'hi', 'bn', 'tr', 'vi', 'pl', 'nl', 'sv', 'uk', 'th'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language in its own name, as a language picker shows it (browser-safe: @lectern/sdk/site exports it). */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  it: 'Italiano',
  pt: 'Português',
  ru: 'Русский',
  ja: '日本語',
  zh: '中文',
  ko: '한국어',
  ar: 'العربية',
  hi: 'हिन्दी',
  bn: 'বাংলা',
  tr: 'Türkçe',
  vi: 'Tiếng Việt',
  pl: 'Polski',
  nl: 'Nederlands',
  sv: 'Svenska',
  uk: 'Українська',
  th: 'ไทย',
};

export const RIGHT_TO_LEFT: ReadonlySet<string> = new Set(['ar']);

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

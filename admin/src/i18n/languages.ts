/** SPEC §9: the twenty languages, each shown in its own name. Arabic is right to left. */
export const LANGUAGES = {
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
} as const;

export type Language = keyof typeof LANGUAGES;
export const LANGUAGE_CODES = Object.keys(LANGUAGES) as Language[];
const RTL = new Set<string>(['ar']);

export const isLanguage = (value: unknown): value is Language => typeof value === 'string' && value in LANGUAGES;
export const directionOf = (language: string): 'rtl' | 'ltr' => (RTL.has(language) ? 'rtl' : 'ltr');

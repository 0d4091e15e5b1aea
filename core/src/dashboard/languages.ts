/** SPEC §9: the twenty languages of the dashboard and sites. Arabic is written right to left. */
export const LANGUAGES = ['en', 'es', 'fr', 'de', 'it', 'pt', 'ru', 'ja', 'zh', 'ko', 'ar', 'hi', 'bn', 'tr', 'vi', 'pl', 'nl', 'sv', 'uk', 'th'] as const;
export type Language = (typeof LANGUAGES)[number];

export const RIGHT_TO_LEFT: ReadonlySet<string> = new Set(['ar']);

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

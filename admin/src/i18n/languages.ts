import { LANGUAGE_NAMES } from '@lectern/sdk/site';

/** SPEC §9: the twenty languages, each shown in its own name (the kernel's list). Arabic is right to left. */
export const LANGUAGES = LANGUAGE_NAMES;

export type Language = keyof typeof LANGUAGES;
export const LANGUAGE_CODES = Object.keys(LANGUAGES) as Language[];
const RTL = new Set<string>(['ar']);

export const isLanguage = (value: unknown): value is Language => typeof value === 'string' && value in LANGUAGES;
export const directionOf = (language: string): 'rtl' | 'ltr' => (RTL.has(language) ? 'rtl' : 'ltr');

/**
 * Every language's site text, for the server only: the page embeds just the active language's
 * messages, so the browser bundle never carries the other nineteen.
 */
import { ar } from './ar.js';
import { bn } from './bn.js';
import { de } from './de.js';
import { en } from './en.js';
import { es } from './es.js';
import { fr } from './fr.js';
import { hi } from './hi.js';
import { it } from './it.js';
import { ja } from './ja.js';
import { ko } from './ko.js';
import type { Catalogue, Messages } from './messages.js';
import { nl } from './nl.js';
import { pl } from './pl.js';
import { pt } from './pt.js';
import { ru } from './ru.js';
import { sv } from './sv.js';
import { th } from './th.js';
import { tr } from './tr.js';
import { uk } from './uk.js';
import { vi } from './vi.js';
import { zh } from './zh.js';

/** SPEC §9's twenty languages. */
export const SITE_LANGUAGES = ['en', 'es', 'fr', 'de', 'it', 'pt', 'ru', 'ja', 'zh', 'ko', 'ar', 'hi', 'bn', 'tr', 'vi', 'pl', 'nl', 'sv', 'uk', 'th'] as const;
export type SiteLanguage = (typeof SITE_LANGUAGES)[number];

const CATALOGUES: Record<Exclude<SiteLanguage, 'en'>, Catalogue> = { es, fr, de, it, pt, ru, ja, zh, ko, ar, hi, bn, tr, vi, pl, nl, sv, uk, th };

const cache = new Map<string, Messages>();

/** The language's messages with English behind every missing key; unknown languages get English. */
export function messagesFor(language: string): Messages {
  const hit = cache.get(language);
  if (hit !== undefined) return hit;
  const own: Catalogue | undefined = language === 'en' ? undefined : (CATALOGUES as Record<string, Catalogue | undefined>)[language];
  const merged: Messages = own === undefined ? { ...en } : { ...en, ...stripEmpty(own) };
  if ((SITE_LANGUAGES as readonly string[]).includes(language)) cache.set(language, merged);
  return merged;
}

/** An empty string in a catalogue is a gap, not a translation. */
function stripEmpty(catalogue: Catalogue): Catalogue {
  return Object.fromEntries(Object.entries(catalogue).filter(([, text]) => typeof text === 'string' && text !== '')) as Catalogue;
}

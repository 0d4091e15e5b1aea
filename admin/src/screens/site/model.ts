import type { CurrencyWire, DomainStatusWire, SiteWire } from '@lectern/sdk/wire';

/** The site settings as GET/PUT /api/account/site returns them, and the checks the server also makes. */
export type Section = Record<string, unknown>;
export type Currency = CurrencyWire;
/** The custom domain's proof and state (DECISIONS "Domains and TLS"): served once verified. */
export type DomainStatus = DomainStatusWire;
export type SiteData = SiteWire;
export type SectionName = 'settings' | 'menus' | 'header' | 'footer' | 'theme' | 'notices';
export const SITE_KEY = ['site-settings'] as const;

/** What the settings section may hold (the server refuses anything else). */
export const SETTINGS_KEYS = ['logo', 'dark_logo', 'icon', 'sitetitle', 'logo_width', 'currency', 'defaultLanguage', 'onboard', 'backend'] as const;

const BYTE = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const ALPHA = '(?:0|1|0?\\.\\d+|1\\.0+)';
const COLOUR = new RegExp(`^(?:#[0-9a-fA-F]{3}|#[0-9a-fA-F]{6}|rgba\\(\\s*${BYTE}\\s*,\\s*${BYTE}\\s*,\\s*${BYTE}\\s*,\\s*${ALPHA}\\s*\\))$`);
/** SPEC §5 colour helpers: hex with 3 or 6 digits, or rgba() with 0–255 channels and a 0–1 alpha. */
export const isColour = (value: string) => COLOUR.test(value);
export const HEX = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
/** A path (/about), an anchor (#top), or an http(s) or mailto URL. */
export const LINK_URL = /^(?:https?:\/\/[^\s<>"]+|\/[^\s<>"]*|#[^\s<>"]*|mailto:[^\s<>"]+)$/;
/** An http(s) URL or a storage path (bucket/path); empty clears. */
export const IMAGE_REF = /^(?:https?:\/\/[^\s<>"]+|(?!.*\.\.)\/?[A-Za-z0-9_][A-Za-z0-9._/-]*)?$/;
export const STYLE_NAME = /^[A-Za-z0-9_-]*$/;

export const str = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);
export const num = (value: unknown, fallback: number): number => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);
export const bool = (value: unknown, fallback = false): boolean => (typeof value === 'boolean' ? value : fallback);
export const isIntIn = (value: number, min: number, max: number) => Number.isInteger(value) && value >= min && value <= max;

/** The given keys of a section that hold a value (null and undefined are left out). */
export function pick(section: Section, keys: readonly string[]): Section {
  const out: Section = {};
  for (const key of keys) if (section[key] !== undefined && section[key] !== null) out[key] = section[key];
  return out;
}

/** A section without its empty strings: the server treats a missing field as "not set". */
export function withoutEmpty(section: Section): Section {
  return Object.fromEntries(Object.entries(section).filter(([, value]) => value !== '' && value !== undefined));
}

let counter = 0;
export const newId = () => `i${Date.now().toString(36)}${(counter++).toString(36)}`;

export function moveItem<T>(list: readonly T[], index: number, delta: number): T[] {
  const target = index + delta;
  if (target < 0 || target >= list.length) return [...list];
  const copy = [...list];
  const [item] = copy.splice(index, 1);
  copy.splice(target, 0, item as T);
  return copy;
}

export const replaceAt = <T>(list: readonly T[], index: number, item: T): T[] => list.map((old, i) => (i === index ? item : old));
export const removeAt = <T>(list: readonly T[], index: number): T[] => list.filter((_, i) => i !== index);

/** `datetime-local` value ⇄ millisecond timestamp, in the browser's time zone. */
export function toLocalInput(ms: number | undefined): string {
  if (ms === undefined) return '';
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
export function fromLocalInput(value: string): number | undefined {
  if (value === '') return undefined;
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? undefined : ms;
}

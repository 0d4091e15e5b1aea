// The contract's browser-safe half: importing values from '@lectern/sdk' would pull in the kernel.
import { COLOR_SCHEME_COOKIE } from '@lectern/sdk/site';

export { COLOR_SCHEME_COOKIE };

export type ColorScheme = 'light' | 'dark';

/** SPEC §9 "the theme key": the browser's copy of the choice, beside the cookie the server reads. */
export const THEME_STORAGE_KEY = 'theme';
const ONE_YEAR_SECONDS = 365 * 24 * 3600;

export function isColorScheme(value: unknown): value is ColorScheme {
  return value === 'light' || value === 'dark';
}

export function colorSchemeCookie(scheme: ColorScheme, secure: boolean): string {
  return `${COLOR_SCHEME_COOKIE}=${scheme}; Max-Age=${ONE_YEAR_SECONDS}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** Paints the scheme and keeps it: html[data-theme], the cookie (next server render) and localStorage. */
export function persistColorScheme(scheme: ColorScheme): void {
  document.documentElement.dataset.theme = scheme;
  document.cookie = colorSchemeCookie(scheme, window.location.protocol === 'https:');
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, scheme);
  } catch {
    // Storage can be switched off (private modes); the cookie still carries the choice.
  }
}

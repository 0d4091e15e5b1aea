/**
 * The country list (SPEC §3): ISO 3166-1 alpha-2 codes with English names. Server-side, like the
 * currency list; browser code receives the list from a route rather than bundling it.
 */
import isoCountries from 'i18n-iso-countries';
import english from 'i18n-iso-countries/langs/en.json' with { type: 'json' };

// The package's Node entry registers every locale, but a bundler may pick its browser entry, which
// registers none: registering English here makes the names available either way.
isoCountries.registerLocale(english);

export interface Country {
  /** ISO 3166-1 alpha-2, upper case ("US"). */
  code: string;
  name: string;
}

/** Every country, sorted by English name. */
export const COUNTRIES: readonly Country[] = Object.entries(isoCountries.getNames('en', { select: 'official' }))
  .map(([code, name]) => Object.freeze({ code, name }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));

const CODES: ReadonlySet<string> = new Set(COUNTRIES.map((c) => c.code));

/** True for a known alpha-2 code as we store them: exactly two upper-case letters ("us" is not). */
export function isCountryCode(code: string): boolean {
  return CODES.has(code);
}

/**
 * Reading a plugin's catalogues: i18next's JSON format (the admin's engine), answered here by a
 * small reader the public site can afford (i18next itself would add ~15 KB gzipped to every page).
 * What it supports is what the catalogues use, with i18next's meaning (a test holds the two equal
 * over every catalogue): nested keys read with dots, `{{name}}` placeholders, plural forms
 * `key_one`/`key_few`/`key_other`… chosen by `count` with the language's plural rules, English as
 * the fallback for a missing key or language, and an unknown key answered with itself.
 * Browser-safe: no server imports.
 */

export type TextVars = Readonly<Record<string, string | number>>;
export type Translate = (key: string, vars?: TextVars) => string;
/** One language's namespace: nested objects of strings. */
export type Catalogue = Readonly<Record<string, unknown>>;

const FALLBACK = 'en';
const PLACEHOLDER = /\{\{\s*([\w.-]+)\s*\}\}/g;

function lookup(catalogue: Catalogue | undefined, path: readonly string[]): string | undefined {
  let at: unknown = catalogue;
  for (const part of path) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return typeof at === 'string' ? at : undefined;
}

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralOf(language: string, count: number): string {
  let rules = pluralRules.get(language);
  if (rules === undefined) {
    try {
      rules = new Intl.PluralRules(language);
    } catch {
      rules = new Intl.PluralRules(FALLBACK); // an odd language tag still gets words
    }
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

/** The key's text in one catalogue: its plural form for `count` (then `_other`), else the bare key. */
function find(catalogue: Catalogue | undefined, language: string, key: string, vars: TextVars | undefined): string | undefined {
  const path = key.split('.');
  const last = path.length - 1;
  const count = vars?.count;
  if (typeof count === 'number') {
    for (const form of [pluralOf(language, count), 'other']) {
      const text = lookup(catalogue, [...path.slice(0, last), `${path[last]}_${form}`]);
      if (text !== undefined) return text;
    }
  }
  return lookup(catalogue, path);
}

function fill(text: string, vars: TextVars | undefined): string {
  if (vars === undefined) return text;
  return text.replace(PLACEHOLDER, (whole, name: string) => (Object.hasOwn(vars, name) ? String(vars[name]) : whole));
}

/** A translate function over a language's catalogue, falling back to English's. */
export function catalogueText(language: string, catalogue: Catalogue | undefined, english: Catalogue | undefined): Translate {
  return (key, vars) => {
    const own = find(catalogue, language, key, vars);
    const text = own ?? (language === FALLBACK ? undefined : find(english, FALLBACK, key, vars));
    return fill(text ?? key, vars);
  };
}

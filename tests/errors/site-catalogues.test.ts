import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '../../admin/src/i18n/languages.js';

/**
 * Plugins' words on the public site (`plugins/<name>/locales/<language>/site.json`, i18next JSON):
 * every site language has English's keys, no more, with the plural forms its own grammar uses and
 * the same `{{placeholders}}`. A gap would show English in the middle of a translated page.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Plugins that word their public pages: those with an English site catalogue. */
const plugins = readdirSync(path.join(root, 'plugins'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(path.join(root, 'plugins', entry.name, 'locales/en/site.json')))
  .map((entry) => entry.name)
  .sort();

type Tree = { [key: string]: unknown };

/** The catalogue's strings by dot path; anything but a string or an object is reported as a problem. */
function flatten(tree: Tree, problems: string[], prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix === '' ? key : `${prefix}.${key}`;
    if (typeof value === 'string') out.set(full, value);
    else if (typeof value === 'object' && value !== null && !Array.isArray(value)) for (const [k, v] of flatten(value as Tree, problems, full)) out.set(k, v);
    else problems.push(`${full} is not text`);
  }
  return out;
}

function readCatalogue(plugin: string, language: string, problems: string[]): Map<string, string> | null {
  const file = path.join(root, 'plugins', plugin, 'locales', language, 'site.json');
  if (!existsSync(file)) {
    problems.push(`${language}/site.json missing`);
    return null;
  }
  return flatten(JSON.parse(readFileSync(file, 'utf8')) as Tree, problems);
}

const placeholders = (text: string) => new Set([...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((match) => match[1]!));
const sameSet = (a: Set<string>, b: Set<string>) => a.size === b.size && [...a].every((item) => b.has(item));
const listed = (set: Set<string>) => [...set].sort().join(', ') || 'none';

interface Folded {
  /** Plain keys (not plural) and their text. */
  plain: Map<string, string>;
  /** Plural families by base key: category → text. */
  plurals: Map<string, Map<string, string>>;
}

/** Folds `x_one`, `x_other`… into the family `x`. */
function fold(catalogue: Map<string, string>): Folded {
  const folded: Folded = { plain: new Map(), plurals: new Map() };
  for (const [key, text] of catalogue) {
    const plural = PLURAL.exec(key);
    if (plural === null) folded.plain.set(key, text);
    else {
      const base = key.slice(0, plural.index);
      let forms = folded.plurals.get(base);
      if (forms === undefined) folded.plurals.set(base, (forms = new Map()));
      forms.set(plural[1]!, text);
    }
  }
  return folded;
}

// Counts a plural form is chosen for: whole numbers from 1 (a price period or a length is never 0),
// and the millions that French, Spanish, Italian and Portuguese word apart ("1 000 000 d'étudiants").
const SAMPLE = [...Array.from({ length: 1000 }, (_, i) => i + 1), 1_000_000, 2_000_000];

/**
 * Whether a form may leave `{{count}}` unsaid: only when its category stands for one number alone,
 * as English's `one` (" / month") or Arabic's dual do. Russian's `one` also serves 21 and 31.
 */
function standsForOneNumber(language: string, category: string): boolean {
  const rules = new Intl.PluralRules(language);
  return SAMPLE.filter((count) => rules.select(count) === category).length <= 1;
}

/** What is wrong with a language's site catalogue against English's. */
function problemsOf(plugin: string, language: string, english: Folded): string[] {
  const problems: string[] = [];
  const catalogue = readCatalogue(plugin, language, problems);
  if (catalogue === null) return problems;
  for (const [key, text] of catalogue) if (text.trim() === '') problems.push(`${key} is empty`);
  const translated = fold(catalogue);
  const categories = new Set<string>(new Intl.PluralRules(language).resolvedOptions().pluralCategories);

  for (const [key, source] of english.plain) {
    const text = translated.plain.get(key);
    if (text === undefined) problems.push(`${key} missing`);
    else if (!sameSet(placeholders(text), placeholders(source)))
      problems.push(`${key} has placeholders ${listed(placeholders(text))}, English ${listed(placeholders(source))}`);
  }
  for (const key of translated.plain.keys()) if (!english.plain.has(key)) problems.push(`${key} is not in English`);

  for (const [base, sourceForms] of english.plurals) {
    const forms = translated.plurals.get(base);
    if (forms === undefined) {
      problems.push(`${base} missing`);
      continue;
    }
    for (const category of categories) if (!forms.has(category)) problems.push(`${base}_${category} missing`);
    for (const category of forms.keys()) if (!categories.has(category)) problems.push(`${base}_${category} is not a plural form of ${language}`);
    // Every form names what the family names, the count aside (checked below).
    const wanted = new Set([...sourceForms.values()].flatMap((text) => [...placeholders(text)]));
    for (const [category, text] of forms) {
      const found = placeholders(text);
      const others = (set: Set<string>) => new Set([...set].filter((name) => name !== 'count'));
      if (!sameSet(others(found), others(wanted))) problems.push(`${base}_${category} has placeholders ${listed(found)}, English ${listed(wanted)}`);
      if (wanted.has('count') && !found.has('count') && !standsForOneNumber(language, category))
        problems.push(`${base}_${category} leaves out {{count}}, yet serves more than one number in ${language}`);
    }
  }
  for (const base of translated.plurals.keys()) if (!english.plurals.has(base)) problems.push(`${base} (plural) is not in English`);
  return problems;
}

describe('site catalogues of plugins', () => {
  it('are found: the LMS and the shop word their public pages', () => {
    expect(plugins).toEqual(expect.arrayContaining(['ecommerce', 'lms']));
    expect(LANGUAGE_CODES).toHaveLength(20);
  });

  for (const plugin of plugins) {
    describe(plugin, () => {
      const problems: string[] = [];
      const english = fold(readCatalogue(plugin, 'en', problems) ?? new Map());

      it('English has its plural forms and no empty text', () => {
        expect(english.plain.size + english.plurals.size).toBeGreaterThan(0);
        expect([...problems, ...problemsOf(plugin, 'en', english)]).toEqual([]);
      });

      for (const language of LANGUAGE_CODES.filter((code) => code !== 'en'))
        it(`${language} has exactly English's keys, its own plural forms and the same placeholders`, () => {
          expect(problemsOf(plugin, language, english)).toEqual([]);
        });
    });
  }

  it('tells a form that serves many numbers from one that serves a single number', () => {
    expect(standsForOneNumber('en', 'one')).toBe(true);
    expect(standsForOneNumber('ar', 'two')).toBe(true);
    expect(standsForOneNumber('ru', 'one')).toBe(false);
    expect(standsForOneNumber('fr', 'many')).toBe(false);
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findPluginPackages } from '@lectern/sdk/vite';
import { LANGUAGE_CODES } from './languages';

const localesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'locales');
const projectRoot = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** The dashboard's catalogues and every installed plugin package's (its `lectern.locales`), checked alike. */
const roots = [localesDir, ...findPluginPackages({ root: projectRoot }).flatMap((pkg) => (pkg.locales === undefined ? [] : [pkg.locales]))];
const PLURAL = /_(zero|one|two|few|many|other)$/;

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix === '' ? key : `${prefix}.${key}`;
    if (typeof value === 'string') out.set(full, value);
    else for (const [k, v] of flatten(value, full)) out.set(k, v);
  }
  return out;
}

const read = (root: string, language: string, file: string): Map<string, string> =>
  flatten(JSON.parse(readFileSync(path.join(root, language, file), 'utf8')) as Tree);
const variables = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]).sort();

// Counts from 1 (a period or a length is never 0) and the millions some languages word apart.
const COUNTS = [...Array.from({ length: 1000 }, (_, i) => i + 1), 1_000_000, 2_000_000];
/**
 * Whether a plural form may leave `{{count}}` unsaid: only when its category stands for one number
 * alone, as English's `one` does (" / month") or Arabic's dual; Russian's `one` also serves 21, 31…
 */
function mayOmitCount(key: string, language: string): boolean {
  const category = PLURAL.exec(key)?.[1];
  if (category === undefined) return false;
  const rules = new Intl.PluralRules(language);
  return COUNTS.filter((count) => rules.select(count) === category).length <= 1;
}
const withoutCount = (names: (string | undefined)[]) => names.filter((name) => name !== 'count').join();

/**
 * What a language must hold for the English catalogue: every plain key, and for every plural key the
 * plural forms that language uses (Arabic has six, Japanese one).
 */
function expectedKeys(english: Map<string, string>, language: string): Map<string, string> {
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const expected = new Map<string, string>();
  for (const [key, text] of english) {
    const plural = PLURAL.exec(key);
    if (plural === null) expected.set(key, text);
    else for (const category of categories) expected.set(key.replace(PLURAL, `_${category}`), text);
  }
  return expected;
}

const namespaces = roots.flatMap((root) =>
  readdirSync(path.join(root, 'en'))
    .filter((f) => f.endsWith('.json'))
    .map((file) => ({ root, file })),
);

describe('dashboard translations', () => {
  it('has a catalogue for each of the twenty languages', () => {
    expect(LANGUAGE_CODES).toHaveLength(20);
    for (const root of roots) for (const language of LANGUAGE_CODES) expect(readdirSync(root)).toContain(language);
  });

  for (const language of LANGUAGE_CODES.filter((l) => l !== 'en')) {
    it(`${language} has every key of every screen, with the same placeholders`, () => {
      const problems: string[] = [];
      for (const { root, file } of namespaces) {
        const english = read(root, 'en', file);
        let translated: Map<string, string>;
        try {
          translated = read(root, language, file);
        } catch {
          problems.push(`${language}/${file}: missing`);
          continue;
        }
        for (const [key, source] of expectedKeys(english, language)) {
          const text = translated.get(key);
          if (text === undefined || text.trim() === '') problems.push(`${language}/${file}: ${key} missing`);
          else if (
            mayOmitCount(key, language)
              ? withoutCount(variables(text)) !== withoutCount(variables(source))
              : variables(text).join() !== variables(source).join()
          )
            problems.push(`${language}/${file}: ${key} placeholders ${variables(text).join()} ≠ ${variables(source).join()}`);
        }
      }
      expect(problems).toEqual([]);
    });
  }
});

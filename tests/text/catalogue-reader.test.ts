import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { catalogueText, type Catalogue } from '@lectern/core/site';
import { readCatalogues } from '../../core/src/plugins/plugin-text.js';

/**
 * The site's catalogue reader (catalogueText: site islands and server views) must answer exactly as
 * i18next (the admin's engine) does, over every key of every plugin catalogue, in every language,
 * for the counts that pick each plural form — else one word would read two ways.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const COUNTS = [0, 1, 2, 5, 11, 21, 1.5];

/** Every key as a dot path, plural suffixes folded (`items_one` → `items`). */
function keysOf(value: Catalogue, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, child]) =>
    typeof child === 'object' && child !== null
      ? keysOf(child as Catalogue, `${prefix}${key}.`)
      : [`${prefix}${key.replace(/_(zero|one|two|few|many|other)$/, '')}`],
  );
}

const pluginFolders = readdirSync(path.join(root, 'plugins'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => path.join(root, 'plugins', entry.name, 'locales'));

describe('the catalogue reader answers as i18next does', () => {
  for (const folder of pluginFolders) {
    const catalogues = readCatalogues(folder);
    const english = catalogues.en ?? {};
    for (const namespace of Object.keys(english)) {
      it(`${path.basename(path.dirname(folder))}: ${namespace}`, async () => {
        const engine = i18next.createInstance();
        const resources = Object.fromEntries(
          Object.entries(catalogues).map(([language, namespaces]) => [language, { [namespace]: namespaces[namespace] ?? {} }]),
        );
        await engine.init({
          resources,
          lng: 'en',
          fallbackLng: 'en',
          ns: [namespace],
          defaultNS: namespace,
          interpolation: { escapeValue: false },
          showSupportNotice: false,
        });
        const keys = [...new Set(keysOf(english[namespace] ?? {}))];
        expect(keys.length).toBeGreaterThan(0);
        let compared = 0;
        const differences: string[] = [];
        const check = (label: string, ours: string, theirs: string) => {
          compared++;
          if (ours !== theirs) differences.push(`${label}: ${JSON.stringify(ours)} ≠ i18next ${JSON.stringify(theirs)}`);
        };
        for (const language of Object.keys(catalogues)) {
          const ours = catalogueText(language, catalogues[language]?.[namespace], english[namespace]);
          const theirs = engine.getFixedT(language, namespace);
          for (const key of keys) {
            for (const count of COUNTS) {
              const vars = { count, name: 'Ann', title: 'Tea', price: '$5', date: '1 May', levels: 'Gold', period: ' / month' };
              check(`${language} ${key} ${count}`, ours(key, vars), theirs(key, vars));
            }
            check(`${language} ${key}`, ours(key), theirs(key));
          }
        }
        expect(differences).toEqual([]);
        expect(compared).toBeGreaterThan(keys.length);
      });
    }
  }
});

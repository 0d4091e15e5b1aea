import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { catalogueText } from '../text/catalogue-text.js';

/**
 * A plugin's words in one language. Catalogues are i18next's JSON (nested keys read with dots,
 * `{{name}}` placeholders, `_one`/`_other` plural forms chosen by `count`), read by the same reader
 * as the site islands (catalogueText); English is the fallback for any key a language lacks, and an
 * unknown key comes back as itself.
 */
export type PluginTranslate = (key: string, vars?: Readonly<Record<string, string | number>>) => string;

/** The plugin's text for a language and namespace (the catalogue file's name; `site` by default). */
export type PluginText = (language: string, namespace?: string) => PluginTranslate;

type Catalogues = Record<string, Record<string, Record<string, unknown>>>;

// What a catalogue folder may hold: language folders (en, pt-BR) of namespace files (site.json).
const LANGUAGE = /^[a-z]{2,3}(-[A-Z]{2})?$/;
const NAMESPACE = /^[a-z0-9][a-z0-9-]{0,40}\.json$/;
const MAX_FILE_BYTES = 512 * 1024;

/** Reads `<folder>/<language>/<namespace>.json`; a broken file stops the boot with its name (a plugin author's mistake). */
export function readCatalogues(folder: string | URL): Catalogues {
  const root = folder instanceof URL ? fileURLToPath(folder) : folder;
  const catalogues: Catalogues = {};
  if (!fs.existsSync(root)) return catalogues;
  for (const language of fs.readdirSync(root, { withFileTypes: true })) {
    if (!language.isDirectory() || !LANGUAGE.test(language.name)) continue;
    const files = fs.readdirSync(path.join(root, language.name)).filter((file) => NAMESPACE.test(file));
    for (const file of files) {
      const full = path.join(root, language.name, file);
      if (fs.statSync(full).size > MAX_FILE_BYTES) throw new Error(`Catalogue ${full} is larger than ${MAX_FILE_BYTES} bytes`);
      let parsed: unknown;
      try {
        parsed = JSON.parse(fs.readFileSync(full, 'utf8'));
      } catch (error) {
        throw new Error(`Catalogue ${full} is not valid JSON (${(error as Error).message})`, { cause: error });
      }
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error(`Catalogue ${full} must hold a JSON object`);
      (catalogues[language.name] ??= {})[file.slice(0, -'.json'.length)] = parsed as Record<string, unknown>;
    }
  }
  return catalogues;
}

/**
 * A plugin's text from its catalogue folder (PluginDefinition.locales), loaded once at boot. The
 * same files and the same engine serve its admin screens and its site islands, so a word reads the
 * same wherever the plugin shows it.
 */
export function pluginText(folder: string | URL | undefined): PluginText {
  const catalogues = folder === undefined ? {} : readCatalogues(folder);
  const bound = new Map<string, PluginTranslate>();
  return (language, namespace = 'site') => {
    const key = `${language}\u0000${namespace}`;
    let translate = bound.get(key);
    if (translate === undefined) {
      translate = catalogueText(language, catalogues[language]?.[namespace], catalogues.en?.[namespace]);
      if (bound.size < 500) bound.set(key, translate); // languages × namespaces: small, but never unbounded
    }
    return translate;
  };
}

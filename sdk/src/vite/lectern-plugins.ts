import fs from 'node:fs';
import path from 'node:path';
import { findPluginPackages, type PluginPackage } from '@lectern/core/plugin-packages';
import type { Plugin } from 'vite';

/**
 * The Vite plugin that hands a build (the dashboard, a theme) the front-end parts of every
 * installed plugin package, found as the kernel finds them (by package.json, wherever they are
 * installed), as virtual modules of lazy loaders keyed by plugin name. Each loader is a dynamic
 * import, so each part stays a chunk of its own, fetched only when a page needs it.
 *
 *   virtual:lectern-plugins              default: the installed plugins' names
 *   virtual:lectern-plugins/admin        default: { [plugin]: () => import(admin module) }
 *   virtual:lectern-plugins/blocks       default: { [plugin]: () => import(editor blocks) }
 *   virtual:lectern-plugins/site-client  default: { [plugin]: () => import(site browser module) }
 *   virtual:lectern-plugins/locales      default: { [plugin]: { [language]: { [file]: () => import(json) } } }
 *
 * Types for these: `/// <reference types="@lectern/sdk/virtual" />`.
 */

export interface LecternPluginsOptions {
  /** Where to look for installed plugin packages (its node_modules and those above it, as Node does); defaults to Vite's root. */
  root?: string;
  /** Further folders of plugin packages (like the kernel's `PLUGINS_DIR`); defaults to `PLUGINS_DIR` when set. */
  extraDirs?: readonly string[];
}

export const VIRTUAL_ID = 'virtual:lectern-plugins';
const PARTS = ['admin', 'blocks', 'site-client', 'locales'] as const;
type Part = (typeof PARTS)[number];

const importOf = (file: string) => `() => import(${JSON.stringify(file)})`;

function loaderMap(entries: Array<[string, string]>): string {
  return `{${entries.map(([name, file]) => `\n  ${JSON.stringify(name)}: ${importOf(file)}`).join(',')}\n}`;
}

/** `<folder>/<language>/<file>.json`, each file its own loader (a language loads only its own). */
function localeMap(packages: readonly PluginPackage[]): string {
  const plugins = packages.flatMap((pkg) => {
    if (pkg.locales === undefined) return [];
    const languages = fs
      .readdirSync(pkg.locales, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort()
      .map((language) => {
        const folder = path.join(pkg.locales!, language);
        const files = fs
          .readdirSync(folder)
          .filter((file) => file.endsWith('.json'))
          .sort()
          .map((file) => `${JSON.stringify(path.basename(file, '.json'))}: ${importOf(path.join(folder, file))}`);
        return `${JSON.stringify(language)}: { ${files.join(', ')} }`;
      });
    return [`\n  ${JSON.stringify(pkg.name)}: {\n    ${languages.join(',\n    ')}\n  }`];
  });
  return `{${plugins.join(',')}\n}`;
}

/** The source of one virtual module. */
export function virtualModuleSource(part: Part | 'names', packages: readonly PluginPackage[]): string {
  const pick = (file: (pkg: PluginPackage) => string | undefined) =>
    packages.flatMap((pkg): Array<[string, string]> => {
      const found = file(pkg);
      return found === undefined ? [] : [[pkg.name, found]];
    });
  switch (part) {
    case 'names':
      return `export default ${JSON.stringify(packages.map((pkg) => pkg.name))};\n`;
    case 'admin':
      return `export default ${loaderMap(pick((pkg) => pkg.admin))};\n`;
    case 'blocks':
      return `export default ${loaderMap(pick((pkg) => pkg.siteBlocks))};\n`;
    case 'site-client':
      return `export default ${loaderMap(pick((pkg) => pkg.siteClient))};\n`;
    case 'locales':
      return `export default ${localeMap(packages)};\n`;
  }
}

export function lecternPlugins(options: LecternPluginsOptions = {}): Plugin {
  let packages: PluginPackage[] | undefined;
  let viteRoot = process.cwd();
  const find = () => {
    const extra = options.extraDirs ?? (process.env.PLUGINS_DIR ? [path.resolve(process.env.PLUGINS_DIR)] : []);
    packages ??= findPluginPackages({ root: options.root ?? viteRoot, extraDirs: extra });
    return packages;
  };
  return {
    name: 'lectern-plugins',
    configResolved(config) {
      viteRoot = config.root;
    },
    resolveId(id) {
      if (id === VIRTUAL_ID || (id.startsWith(`${VIRTUAL_ID}/`) && (PARTS as readonly string[]).includes(id.slice(VIRTUAL_ID.length + 1)))) return `\0${id}`;
      return undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${VIRTUAL_ID}`)) return undefined;
      const part = id === `\0${VIRTUAL_ID}` ? 'names' : (id.slice(VIRTUAL_ID.length + 2) as Part);
      const found = find();
      // A plugin package's package.json changing (a part added) rebuilds the list in watch mode.
      for (const pkg of found) this.addWatchFile(path.join(pkg.dir, 'package.json'));
      return virtualModuleSource(part, found);
    },
    watchChange(id) {
      if (id.endsWith('package.json')) packages = undefined;
    },
  };
}

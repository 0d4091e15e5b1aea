import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PluginDefinition } from './contract.js';
import { findPluginPackages, packageEntry, type PluginPackage } from './plugin-packages.js';

export class PluginDiscoveryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PluginDiscoveryError';
  }
}

export interface DiscoverPluginsOptions {
  /** The project whose node_modules hold the installed plugin packages; defaults to the working directory. */
  root?: string;
  /** Further folders whose direct subfolders are plugin packages (`PLUGINS_DIR`). */
  extraDirs?: readonly string[];
}

// Running from TypeScript sources (tests, `npm run dev`) loads plugins from theirs too (the
// "source" export condition); the built kernel loads their built output.
const RUNNING_FROM_SOURCE = import.meta.url.endsWith('.ts');
const CONDITIONS = RUNNING_FROM_SOURCE ? ['source', 'import', 'node'] : ['import', 'node'];

async function load(pkg: PluginPackage): Promise<PluginDefinition> {
  let mod: { default?: PluginDefinition };
  try {
    // By the entry file the package's exports name: a package installed outside the kernel's own
    // node_modules could not be imported by name from here.
    mod = (await import(pathToFileURL(packageEntry(pkg, CONDITIONS)).href)) as { default?: PluginDefinition };
  } catch (error) {
    throw new PluginDiscoveryError(`Plugin package ${pkg.packageName} could not be loaded (${(error as Error).message}); run npm install and npm run build`);
  }
  const definition = mod.default;
  if (definition?.manifest === undefined) throw new PluginDiscoveryError(`Plugin package ${pkg.packageName} must default-export definePlugin({...})`);
  if (definition.manifest.name !== pkg.name) {
    throw new PluginDiscoveryError(
      `Plugin package ${pkg.packageName} is the plugin "${definition.manifest.name}" but its package.json makes it "${pkg.name}": set "lectern.name" to "${definition.manifest.name}"`,
    );
  }
  return definition;
}

/**
 * Finds and loads the installed plugins: every package in the project's node_modules (or directly
 * under an extra folder) whose package.json says `"lectern": { "plugin": true }`, loaded through
 * its package entry and expected to default-export a definePlugin(...) result. A string argument is
 * the older form: one folder of plugin packages, nothing else.
 */
export async function discoverPlugins(options: DiscoverPluginsOptions | string = {}): Promise<PluginDefinition[]> {
  const packages =
    typeof options === 'string'
      ? findPluginPackages({ extraDirs: [options] })
      : findPluginPackages({ root: options.root ?? process.cwd(), extraDirs: options.extraDirs ?? [] });
  const found: PluginDefinition[] = [];
  for (const pkg of packages) found.push(await load(pkg));
  return found;
}

/** What `npm start` and `npm run migrate` discover: the working directory's packages, plus `PLUGINS_DIR` when set. */
export function discoverInstalledPlugins(env: NodeJS.ProcessEnv = process.env): Promise<PluginDefinition[]> {
  const extra = env.PLUGINS_DIR;
  return discoverPlugins({ root: process.cwd(), extraDirs: extra === undefined || extra === '' ? [] : [path.resolve(extra)] });
}

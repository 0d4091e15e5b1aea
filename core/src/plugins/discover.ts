import fs from 'node:fs';
import path from 'node:path';
import type { PluginDefinition } from './contract.js';

export class PluginDiscoveryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PluginDiscoveryError';
  }
}

/**
 * Finds installed plugins: every package under `pluginsDir` whose package.json says
 * `"lectern": { "plugin": true }`, loaded through its package entry (built output, or source
 * under the `source` condition) and expected to default-export a definePlugin(...) result.
 */
export async function discoverPlugins(pluginsDir: string): Promise<PluginDefinition[]> {
  if (!fs.existsSync(pluginsDir)) return [];
  const found: PluginDefinition[] = [];
  for (const entry of fs.readdirSync(pluginsDir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (!entry.isDirectory()) continue;
    const packageFile = path.join(pluginsDir, entry.name, 'package.json');
    if (!fs.existsSync(packageFile)) continue;
    const pkg = JSON.parse(fs.readFileSync(packageFile, 'utf8')) as { name?: string; lectern?: { plugin?: boolean } };
    if (pkg.lectern?.plugin !== true || pkg.name === undefined) continue;
    let mod: { default?: PluginDefinition };
    try {
      // Import by package name so the package's exports (and build) decide what runs.
      mod = (await import(pkg.name)) as { default?: PluginDefinition };
    } catch (error) {
      throw new PluginDiscoveryError(`Plugin package ${pkg.name} could not be loaded (${(error as Error).message}); run npm install and npm run build`);
    }
    if (mod.default?.manifest === undefined) throw new PluginDiscoveryError(`Plugin package ${pkg.name} must default-export definePlugin({...})`);
    found.push(mod.default);
  }
  return found;
}

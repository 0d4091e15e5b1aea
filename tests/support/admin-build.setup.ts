import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findPluginPackages } from '@lectern/core/plugin-packages';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const admin = path.join(root, 'admin');
const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');

/** The newest modification time under a folder (0 when it does not exist). */
function newest(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce((latest, entry) => (entry === 'node_modules' ? latest : Math.max(latest, newest(path.join(target, entry)))), 0);
}

function viteBuild(cwd: string, what: string, after?: string): void {
  // Tests run with NODE_ENV=test; the bundles must be the production builds `npm run build` makes.
  const env = { ...process.env, NODE_ENV: 'production' };
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd, stdio: 'inherit', env });
  if (result.status !== 0) throw new Error(`Building ${what} for the browser tests failed`);
  if (after !== undefined && existsSync(after)) {
    const reported = spawnSync(process.execPath, [after], { cwd, stdio: 'inherit', env });
    if (reported.status !== 0) throw new Error(`The after-build step of ${what} failed`);
  }
}

/**
 * Browser tests drive the built dashboard and the themes' browser bundles. `npm run build` (and so
 * CI and `npm start`) makes them; a bare `npm test` builds each here once, before any test file
 * runs, when it is missing or older than its sources.
 */
export default function setup(): void {
  const themesDir = path.join(root, 'themes');
  // The installed plugin packages, found as the builds find them (@lectern/sdk/vite); a change to
  // one's package.json (a part declared) counts as a change to its sources.
  const pluginDirs = findPluginPackages({ root }).map((pkg) => pkg.dir);
  const pluginPart = (part: string) => Math.max(0, ...pluginDirs.map((dir) => Math.max(newest(path.join(dir, part)), newest(path.join(dir, 'package.json')))));
  // Plugins' browser islands (<package>/site) and their catalogues (<package>/locales) are bundled into the default theme's build.
  const pluginSites = Math.max(pluginPart('site'), pluginPart('locales'));
  const themes = existsSync(themesDir) ? readdirSync(themesDir).filter((name) => existsSync(path.join(themesDir, name, 'vite.config.ts'))) : [];
  for (const name of themes) {
    const themeRoot = path.join(themesDir, name);
    const manifest = path.join(themeRoot, 'dist', 'client', '.vite', 'manifest.json');
    // A theme bundles the default theme's modules too (the provider reuses them).
    const sources = Math.max(
      newest(path.join(themeRoot, 'src')),
      newest(path.join(themeRoot, 'vite.config.ts')),
      newest(path.join(themesDir, 'default', 'src')),
      pluginSites,
    );
    if (!existsSync(manifest) || statSync(manifest).mtimeMs < sources)
      viteBuild(themeRoot, `the ${name} theme`, path.join(themeRoot, 'scripts', 'after-build.mjs'));
  }

  const built = path.join(admin, 'dist', 'index.html');
  const sources = Math.max(
    newest(path.join(admin, 'src')),
    newest(path.join(admin, 'index.html')),
    newest(path.join(admin, 'vite.config.ts')),
    // The visual editor bundles the default theme's blocks.
    newest(path.join(themesDir, 'default', 'src', 'blocks')),
    // Plugins' screens, and their blocks for the editor (site/blocks.tsx builds on src/site).
    ...['admin', 'site', 'locales', path.join('src', 'site')].map(pluginPart),
  );
  if (existsSync(built) && statSync(built).mtimeMs >= sources) return;
  viteBuild(admin, 'the admin dashboard');
}

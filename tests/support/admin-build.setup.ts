import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const admin = path.join(root, 'admin');

/** The newest modification time under a folder (0 when it does not exist). */
function newest(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce((latest, entry) => (entry === 'node_modules' ? latest : Math.max(latest, newest(path.join(target, entry)))), 0);
}

/**
 * Browser tests drive the built dashboard. `npm run build` (and so CI and `npm start`) makes it; a
 * bare `npm test` builds it here once, before any test file runs, when it is missing or older than
 * the admin's sources or a plugin's admin screens.
 */
export default function setup(): void {
  const built = path.join(admin, 'dist', 'index.html');
  const plugins = path.join(root, 'plugins');
  const sources = Math.max(
    newest(path.join(admin, 'src')),
    newest(path.join(admin, 'index.html')),
    newest(path.join(admin, 'vite.config.ts')),
    ...(existsSync(plugins) ? readdirSync(plugins).map((name) => newest(path.join(plugins, name, 'admin'))) : []),
  );
  if (existsSync(built) && statSync(built).mtimeMs >= sources) return;
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: admin, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('Building the admin dashboard for the browser tests failed');
}

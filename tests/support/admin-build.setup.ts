import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Browser tests drive the built dashboard. `npm run build` (and so CI and `npm start`) makes it; a
 * bare `npm test` on a fresh checkout builds it here once, before any test file runs.
 */
export default function setup(): void {
  if (existsSync(path.join(root, 'admin', 'dist', 'index.html'))) return;
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: path.join(root, 'admin'), stdio: 'inherit' });
  if (result.status !== 0) throw new Error('Building the admin dashboard for the browser tests failed');
}

import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * <package>/dist/client, found from this file: it runs as src/client-dir.ts (tests, tsx) and as
 * dist/server/client-dir.js (npm start).
 */
export function packageDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  // src/ → package; dist/server/ → package.
  return path.basename(here) === 'server' && path.basename(path.dirname(here)) === 'dist' ? path.resolve(here, '..', '..') : path.resolve(here, '..');
}

export const CLIENT_DIR = path.join(packageDir(), 'dist', 'client');
/** Where the kernel serves clientDir (ThemeDefinition.name 'default'). */
export const CLIENT_BASE = '/_theme/default/';
export const CLIENT_ENTRY = 'src/client.tsx';
/** The sign-in view's chunk (a dynamic import of client.tsx). */
export const AUTH_PANEL_ENTRY = 'src/auth/auth-panel.tsx';

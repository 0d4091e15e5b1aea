import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The package folder, whether this runs from src/ (tests, `npm run dev`) or from dist/server/. */
const packageRoot = path.basename(here) === 'src' ? path.resolve(here, '..') : path.resolve(here, '..', '..');

/** Vite's output for the browser, served by the kernel under /_theme/provider/. */
export const clientDir = path.join(packageRoot, 'dist', 'client');

export const THEME_NAME = 'provider';
export const CLIENT_BASE = `/_theme/${THEME_NAME}/`;
/** The browser entry as Vite's manifest names it. */
export const CLIENT_ENTRY = 'src/client.tsx';

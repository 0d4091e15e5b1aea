import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';

/**
 * The browser tests/support/browser.setup.ts provided: Debian's Chromium (installed by the test
 * command when missing), or the one the @sparticuz/chromium npm package ships.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const BROWSER_ARGS = ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu'];
/** The shared browser's address, set by the browser project's global setup. */
export const SHARED_BROWSER_ENV = 'LECTERN_BROWSER_WS';

/** Where browser tests leave their screenshots (kept after the run as artifacts). */
export const ARTIFACTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'artifacts');

/**
 * The run's one shared Chromium (each test file gets its own connection, and its contexts close
 * with it), or a browser of the file's own when the suite runs without the global setup.
 */
export async function launchBrowser(): Promise<Browser> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const shared = process.env[SHARED_BROWSER_ENV];
  if (shared !== undefined && shared !== '') return chromium.connect(shared);
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: BROWSER_ARGS });
}

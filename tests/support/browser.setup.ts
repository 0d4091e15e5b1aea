import { chromium } from 'playwright-core';
import { provideBrowser } from './browser-provision.js';
import { BROWSER_ARGS, SHARED_BROWSER_ENV } from './browser.js';

/**
 * Before any browser suite runs: make sure there is a browser (see provideBrowser) and start one
 * Chromium the suites share, handing its address to the test workers (which inherit this
 * process's environment). Closed when the run ends.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const browser = await provideBrowser();
  process.env.CHROMIUM_PATH = browser.executablePath;
  Object.assign(process.env, browser.env);
  if (browser.source !== 'debian' && browser.source !== 'CHROMIUM_PATH')
    process.stderr.write(`[browser] using ${browser.executablePath} (${browser.source})\n`);
  const server = await chromium.launchServer({
    executablePath: browser.executablePath,
    headless: true,
    args: BROWSER_ARGS,
    env: { ...process.env, ...browser.env },
  });
  process.env[SHARED_BROWSER_ENV] = server.wsEndpoint();
  return async () => {
    await server.close();
  };
}

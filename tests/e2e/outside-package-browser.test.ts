import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { build, mergeConfig, type UserConfig } from 'vite';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { discoverPlugins, findPluginPackages } from '@lectern/core';
import type { RenderedPage, SitePageData, ThemeDefinition, ThemeExtensions } from '@lectern/sdk';
import { createTestKernel, type TestKernel } from '@lectern/sdk/testing';
import { scaffoldPlugin } from '../../sdk/src/scaffold/scaffold.js';
import { pascalCase } from '../../sdk/src/scaffold/templates/context.js';
import { ARTIFACTS, launchBrowser } from '../support/browser.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const NAME = 'outside-notes';
const FEATURE = 'outside_notes';
/** The editor block's type, as the scaffold names it (site/blocks.tsx). */
const BLOCK = pascalCase(NAME);
const ISLAND = `[data-lectern-island="${NAME}/greeting"]`;
const PASSWORD = 'outside-password-1';
const OWNER = 'owner@outside.test';

/** What this suite uses of the default theme (imported by name: the server's type check has no DOM types). */
interface DefaultThemeModule {
  theme: ThemeDefinition;
  renderSitePage(data: SitePageData, options: { manifest?: unknown; extensions?: ThemeExtensions }): RenderedPage;
  readAssetManifest(clientDir: string): unknown;
}

/**
 * Issue 17's acceptance in Debian's Chromium: a plugin made by the SDK's scaffolder and installed
 * in a folder of its own (PLUGINS_DIR), neither under plugins/ nor in node_modules, shows up in the
 * dashboard (its menu entry and screen), on the public site (its block drawn by the server, its
 * island live in the browser) and in the visual editor (its block offered). The dashboard and the
 * default theme are built here with that folder, as `PLUGINS_DIR=… npm run build` builds them.
 */
describe('a plugin package installed outside plugins/, in a real browser', () => {
  // In tests/.tmp (git-ignored): inside the repository, so the plugin's imports resolve through its node_modules.
  const work = path.join(ROOT, 'tests', '.tmp', `outside-package-${randomBytes(4).toString('hex')}`);
  const pluginsDir = path.join(work, 'plugins');
  const adminDist = path.join(work, 'admin-dist');
  const themeClient = path.join(work, 'theme-client');
  const consoleLines: string[] = [];
  let catalogue: { menu: string; title: string };
  let t: TestKernel;
  let browser: Browser;
  let base: string;
  let pageId: string;
  let current: Page | undefined;

  /** A production build of one of the repository's Vite projects, with PLUGINS_DIR set, into `outDir`. */
  async function buildWithPackage(project: string, outDir: string): Promise<void> {
    const saved = { PLUGINS_DIR: process.env.PLUGINS_DIR, NODE_ENV: process.env.NODE_ENV };
    // lecternPlugins() in each vite.config.ts reads PLUGINS_DIR; the bundles are production builds, as `npm run build` makes.
    process.env.PLUGINS_DIR = pluginsDir;
    process.env.NODE_ENV = 'production';
    try {
      const root = path.join(ROOT, project);
      // The project's vite.config.ts is imported here rather than by Vite's config loader: this worker's
      // Node resolves workspace packages (@lectern/sdk/vite) to their TypeScript sources (the
      // "source" condition), which Node cannot load by itself; the test runner transforms them.
      const configFile: string = path.join(root, 'vite.config.ts');
      const { default: config } = (await import(configFile)) as { default: UserConfig };
      await build(mergeConfig(config, { root, configFile: false, build: { outDir, emptyOutDir: true }, logLevel: 'warn' }));
    } finally {
      for (const [key, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    }
  }

  beforeAll(async () => {
    await scaffoldPlugin({ name: NAME, targetDir: pluginsDir });
    catalogue = JSON.parse(fs.readFileSync(path.join(pluginsDir, NAME, 'locales', 'en', 'admin.json'), 'utf8')) as typeof catalogue;
    // Found only through the extra folder: the repository's own installs do not hold it.
    expect(findPluginPackages({ root: ROOT }).map((pkg) => pkg.name)).not.toContain(NAME);

    await buildWithPackage('admin', adminDist);
    // The server links the theme's assets through <clientDir>/.vite/manifest.json, which the build writes.
    await buildWithPackage(path.join('themes', 'default'), themeClient);

    const themePackage: string = '@lectern/theme-default';
    const themeModule = (await import(themePackage)) as DefaultThemeModule;
    // The default theme, its browser bundle (served under /_theme/<name>/) the one built above.
    const theme: ThemeDefinition = {
      name: themeModule.theme.name,
      clientDir: themeClient,
      render: (data, extensions) =>
        themeModule.renderSitePage(data, { manifest: themeModule.readAssetManifest(themeClient), ...(extensions === undefined ? {} : { extensions }) }),
    };
    // The kernel boots what that one folder holds (the workspace's own plugins are not needed here).
    const plugins = await discoverPlugins(pluginsDir);
    expect(plugins.map((plugin) => plugin.manifest.name)).toEqual([NAME]);
    t = await createTestKernel({ plugins, adminDist, themes: { site: theme } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const account = await t.createAccount({ slug: 'outside', features: [FEATURE] });
    base = `http://${account.slug}.localhost:${port}`;
    const owner = await t.createMember(account, { role: 'owner', email: OWNER, password: PASSWORD });

    const item = await t.request({ method: 'POST', url: `/api/${NAME}/items`, as: owner, payload: { title: 'Written from outside' } });
    expect(item.statusCode, item.body).toBe(201);
    const created = await t.request({
      method: 'POST',
      url: '/api/content/pages',
      as: owner,
      payload: {
        title: 'Greetings',
        slug: 'greetings',
        document: { root: { props: {} }, content: [{ type: BLOCK, props: { id: 'greeting-1', text: 'Hello' } }] },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    pageId = (created.json() as { id: string }).id;
    const published = await t.request({ method: 'POST', url: `/api/content/pages/${pageId}/publish`, as: owner, payload: {} });
    expect(published.statusCode, published.body).toBe(200);
    browser = await launchBrowser();
  }, 300_000);

  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') {
      console.error(`${context.task.name}\n${consoleLines.slice(-40).join('\n')}`);
      await current?.screenshot({ path: path.join(ARTIFACTS, `outside-package-failed-${context.task.id}.png`), fullPage: true }).catch(() => undefined);
    }
    await current?.context().close();
    current = undefined;
    consoleLines.length = 0;
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  const shot = (page: Page, name: string) => page.screenshot({ path: path.join(ARTIFACTS, `outside-package-${name}.png`), fullPage: true });

  async function newPage(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    current = page;
    page.on('console', (message) => consoleLines.push(`${message.type()}: ${message.text()}`));
    page.on('pageerror', (error) => consoleLines.push(`pageerror: ${error.message}`));
    page.on('response', (response) => {
      if (response.status() >= 400) consoleLines.push(`HTTP ${response.status()} ${response.request().method()} ${response.url()}`);
    });
    return page;
  }

  async function signIn(): Promise<Page> {
    const page = await newPage();
    await page.goto(`${base}/dashboard`);
    await page.waitForURL(/\/login\?redirectedFrom=%2Fdashboard/);
    await page.fill('input[name=email]', OWNER);
    await page.fill('input[name=password]', PASSWORD);
    await page.click('button[type=submit]');
    await page.waitForURL(/\/dashboard$/);
    return page;
  }

  it("shows the owner the plugin's menu entry, in its own words, and its screen with the account's items", async () => {
    const page = await signIn();
    const entry = page.locator(`[data-testid=sidebar] [data-entry="${NAME}.${NAME}"]`);
    // expect.poll retries a read that throws, so the reads inside polls give up quickly.
    await expect.poll(async () => (await entry.textContent({ timeout: 1_000 }))?.trim()).toBe(catalogue.menu);
    await entry.click();
    await page.waitForURL(new RegExp(`/dashboard/${NAME}$`));
    await page.locator('main h1', { hasText: catalogue.title }).waitFor();
    await page.locator('main', { hasText: 'Written from outside' }).waitFor();
    await shot(page, 'admin');
  });

  it("draws the plugin's block on the server and mounts its island in the browser", async () => {
    const page = await newPage();
    const response = await page.goto(`${base}/greetings`);
    expect(response?.status()).toBe(200);
    // Drawn by the server: the block's element, marked for its island, is in the HTML itself.
    expect(await response?.text()).toMatch(new RegExp(`<section[^>]*data-lectern-island="${NAME}/greeting"[^>]*>Hello</section>`));
    const button = page.locator(`${ISLAND} button`);
    await expect.poll(() => button.textContent({ timeout: 1_000 })).toBe('Hello (0)');
    await button.click();
    await expect.poll(() => button.textContent({ timeout: 1_000 })).toBe('Hello (1)');
    await shot(page, 'site');
  });

  it("offers the plugin's block in the visual editor and draws it in the canvas", async () => {
    const page = await signIn();
    await page.goto(`${base}/dashboard/pages/${pageId}`);
    await page.waitForSelector('[data-testid=visual-editor] iframe');
    const canvas = page.frameLocator('[data-testid=visual-editor] iframe');
    await canvas.locator(ISLAND, { hasText: 'Hello' }).waitFor();
    // Offered in the editor's list of blocks, under the block's own label.
    const offered = page.locator(`[data-testid=visual-editor] [data-testid="drawer-item:${BLOCK}"]`);
    await offered.waitFor();
    expect((await offered.textContent())?.trim()).toBe(`${NAME}: greeting`);
    await offered.scrollIntoViewIfNeeded();
    await shot(page, 'editor');
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type Rollup } from 'vite';
import { discoverPlugins, findPluginPackages } from '@lectern/core';
import { createTestKernel, type TestKernel } from '@lectern/sdk/testing';
import { lecternPlugins } from '@lectern/sdk/vite';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * A plugin installed the way npm installs one from the registry: a folder in another project's
 * node_modules, nowhere near plugins/. Its server part is plain JavaScript (what a published
 * package ships); its front-end parts are the TypeScript files its package.json declares.
 */
const PLUGIN_FILES: Record<string, string> = {
  'package.json': JSON.stringify({
    name: '@acme/lectern-plugin-hello',
    version: '1.0.0',
    type: 'module',
    lectern: {
      plugin: true,
      admin: './admin/index.ts',
      site: { client: './site/client.ts', blocks: './site/blocks.ts' },
      locales: './admin/locales',
    },
    exports: { '.': './server/index.js' },
  }),
  'server/index.js': `export default {
  manifest: { name: 'hello', version: '1.0.0', kernel: '^0.1.0' },
  routes(app) {
    app.get('/greeting', { config: { public: true }, schema: { response: { 200: { type: 'object', properties: { greeting: { type: 'string' } } } } } }, async () => ({ greeting: 'hello from node_modules' }));
  },
};
`,
  'admin/index.ts': `export const screens = { hello: async () => ({ default: () => 'HELLO_ADMIN_SCREEN' }) };\n`,
  'admin/locales/en/greetings.json': JSON.stringify({ title: 'HELLO_EN_CATALOGUE' }),
  'admin/locales/fr/greetings.json': JSON.stringify({ title: 'HELLO_FR_CATALOGUE' }),
  'site/client.ts': `export const islands = { wave: () => 'HELLO_SITE_ISLAND' };\n`,
  'site/blocks.ts': `export const blocks = { HelloBlock: { fields: {}, render: () => 'HELLO_EDITOR_BLOCK' } };\n`,
};

let tmp: string;
let project: string;

function write(dir: string, files: Record<string, string>): void {
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
}

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-plugin-packages-'));
  project = path.join(tmp, 'project');
  write(project, { 'package.json': JSON.stringify({ name: 'a-site', private: true, dependencies: { '@acme/lectern-plugin-hello': '1.0.0' } }) });
  write(path.join(project, 'node_modules', '@acme', 'lectern-plugin-hello'), PLUGIN_FILES);
  // Packages that are no plugins sit beside it, as they do in any node_modules.
  write(path.join(project, 'node_modules', 'left-pad'), { 'package.json': JSON.stringify({ name: 'left-pad', version: '1.0.0' }) });
  write(path.join(project, 'node_modules', '.bin'), { 'left-pad': '' });
});

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('plugin packages installed outside plugins/', () => {
  let t: TestKernel | undefined;
  afterAll(async () => t?.close());

  it('are found by package and booted by the kernel: their route answers', async () => {
    const plugins = await discoverPlugins({ root: project });
    expect(plugins.map((plugin) => plugin.manifest.name)).toEqual(['hello']);
    t = await createTestKernel({ plugins });
    const account = await t.createAccount();
    const response = await t.request({ url: '/api/hello/greeting', account });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ greeting: 'hello from node_modules' });
  });

  it('hand their admin screen, editor blocks, catalogues and site client to a Vite build, each a lazily loaded chunk of its own', async () => {
    const app = path.join(tmp, 'app');
    write(app, {
      'entry.js': `import names from 'virtual:lectern-plugins';
import admin from 'virtual:lectern-plugins/admin';
import blocks from 'virtual:lectern-plugins/blocks';
import clients from 'virtual:lectern-plugins/site-client';
import locales from 'virtual:lectern-plugins/locales';
export const listed = { names, admin: Object.keys(admin), blocks: Object.keys(blocks), clients: Object.keys(clients), locales: Object.fromEntries(Object.entries(locales).map(([p, l]) => [p, Object.fromEntries(Object.entries(l).map(([lang, files]) => [lang, Object.keys(files)]))])) };
export const loaders = { admin, blocks, clients, locales };
`,
    });
    const output = (await build({
      root: app,
      configFile: false,
      logLevel: 'silent',
      plugins: [lecternPlugins({ root: project, extraDirs: [] })],
      build: { write: false, minify: false, lib: { entry: path.join(app, 'entry.js'), formats: ['es'], fileName: 'entry' } },
    })) as Rollup.RollupOutput | Rollup.RollupOutput[];
    const chunks = (Array.isArray(output) ? output[0]! : output).output.filter((file): file is Rollup.OutputChunk => file.type === 'chunk');
    const entry = chunks.find((chunk) => chunk.isEntry)!;
    const chunkHolding = (marker: string) => chunks.filter((chunk) => chunk.code.includes(marker));

    // The entry lists the plugin under its name for every part, and carries none of their code.
    expect(entry.code).toMatch(/"hello": \{\s*"en": \{ "greetings": \(\) => import\(/);
    expect(entry.code.match(/"hello": \(\) => import\(/g)).toHaveLength(3);
    for (const [marker, file] of [
      ['HELLO_ADMIN_SCREEN', 'admin/index.ts'],
      ['HELLO_EDITOR_BLOCK', 'site/blocks.ts'],
      ['HELLO_SITE_ISLAND', 'site/client.ts'],
      ['HELLO_EN_CATALOGUE', 'admin/locales/en/greetings.json'],
      ['HELLO_FR_CATALOGUE', 'admin/locales/fr/greetings.json'],
    ] as const) {
      const holding = chunkHolding(marker);
      expect(holding.map((chunk) => chunk.isDynamicEntry)).toEqual([true]);
      expect(fs.realpathSync(holding[0]!.facadeModuleId!)).toBe(fs.realpathSync(path.join(project, 'node_modules', '@acme', 'lectern-plugin-hello', file)));
    }
  });
});

describe('plugin package discovery', () => {
  it("finds the workspace's plugins through node_modules, with the parts their package.json declares", () => {
    const found = findPluginPackages({ root: ROOT });
    const byName = Object.fromEntries(found.map((pkg) => [pkg.name, pkg]));
    expect(Object.keys(byName)).toEqual(expect.arrayContaining(['ecommerce', 'lms']));
    expect(byName.lms).toMatchObject({ packageName: '@lectern/plugin-lms', dir: path.join(ROOT, 'plugins', 'lms') });
    expect(byName.lms!.admin).toBe(path.join(ROOT, 'plugins', 'lms', 'admin', 'index.tsx'));
    expect(byName.lms!.siteClient).toBe(path.join(ROOT, 'plugins', 'lms', 'site', 'client.tsx'));
    expect(byName.ecommerce!.siteClient).toBe(path.join(ROOT, 'plugins', 'ecommerce', 'site', 'client.tsx'));
    expect(byName.ecommerce!.locales).toBe(path.join(ROOT, 'plugins', 'ecommerce', 'locales'));
  });

  it('counts a package reached twice (node_modules and PLUGINS_DIR) once', () => {
    const twice = findPluginPackages({ root: ROOT, extraDirs: [path.join(ROOT, 'plugins')] });
    expect(twice.map((pkg) => pkg.name)).toEqual(findPluginPackages({ root: ROOT }).map((pkg) => pkg.name));
  });

  it('looks in every node_modules above the starting folder, as Node does; a nearer one shadows a farther one', () => {
    // A node_modules holding only a tool's cache (Vite's) hides nothing above it.
    const nested = path.join(project, 'apps', 'admin');
    write(path.join(nested, 'node_modules', '.vite'), { 'deps.json': '{}' });
    expect(findPluginPackages({ root: nested }).map((pkg) => pkg.packageName)).toEqual(['@acme/lectern-plugin-hello']);
    const pkg = JSON.parse(PLUGIN_FILES['package.json']!) as Record<string, unknown>;
    write(path.join(project, 'apps', 'node_modules', 'hello-fork'), {
      ...PLUGIN_FILES,
      'package.json': JSON.stringify({ ...pkg, name: 'hello-fork', lectern: { plugin: true, name: 'hello' } }),
    });
    expect(findPluginPackages({ root: nested }).map((found) => found.packageName)).toEqual(['hello-fork']);
    fs.rmSync(path.join(project, 'apps'), { recursive: true });
  });

  it('still loads one folder of plugin packages (the former PLUGINS_DIR form) and nothing else', async () => {
    const plugins = await discoverPlugins(path.join(project, 'node_modules', '@acme'));
    expect(plugins.map((plugin) => plugin.manifest.name)).toEqual(['hello']);
  });

  it('refuses a package whose declared part is missing, or whose name differs from its manifest, saying which', async () => {
    const broken = path.join(tmp, 'broken');
    const pkg = JSON.parse(PLUGIN_FILES['package.json']!) as { lectern: Record<string, unknown> };
    write(path.join(broken, 'node_modules', 'missing-part'), {
      ...PLUGIN_FILES,
      'package.json': JSON.stringify({ ...pkg, name: 'missing-part', lectern: { ...pkg.lectern, admin: './admin/nowhere.tsx' } }),
    });
    expect(() => findPluginPackages({ root: broken })).toThrow('Plugin package missing-part: "lectern.admin" names ./admin/nowhere.tsx, which does not exist');

    const renamed = path.join(tmp, 'renamed');
    write(path.join(renamed, 'node_modules', 'renamed'), {
      ...PLUGIN_FILES,
      'package.json': JSON.stringify({ ...pkg, name: 'renamed', lectern: { ...pkg.lectern, name: 'greeter' } }),
    });
    await expect(discoverPlugins({ root: renamed })).rejects.toThrow('Plugin package renamed is the plugin "hello" but its package.json makes it "greeter"');
  });
});

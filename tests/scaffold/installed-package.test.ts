import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoverPlugins } from '@lectern/core';
import { createTestKernel, type TestKernel } from '@lectern/sdk/testing';
import { lecternPlugins } from '@lectern/sdk/vite';
import { scaffoldPlugin } from '../../sdk/src/scaffold/scaffold.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const NAME = 'outside-notes';
const PACKAGE = '@lectern/plugin-outside-notes';

/**
 * A scaffolded plugin installed the way npm installs one from a registry: in another project's
 * node_modules, nowhere near plugins/. The packages it imports are links to the workspace's (as npm
 * would install them beside it); its TypeScript sources load through the "source" condition.
 */
let tmp: string;
let project: string;
let pluginDir: string;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-scaffold-installed-'));
  project = path.join(tmp, 'project');
  const modules = path.join(project, 'node_modules');
  fs.mkdirSync(path.join(modules, '@lectern'), { recursive: true });
  fs.writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'a-site', private: true, dependencies: { [PACKAGE]: '0.1.0' } }));
  await scaffoldPlugin({ name: NAME, targetDir: path.join(tmp, 'generated') });
  pluginDir = path.join(modules, '@lectern', `plugin-${NAME}`);
  fs.renameSync(path.join(tmp, 'generated', NAME), pluginDir);
  fs.symlinkSync(path.join(ROOT, 'sdk'), path.join(modules, '@lectern', 'sdk'), 'dir');
  for (const dependency of ['react']) fs.symlinkSync(path.join(ROOT, 'node_modules', dependency), path.join(modules, dependency), 'dir');
});

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('a scaffolded plugin installed as a package outside plugins/', () => {
  let t: TestKernel | undefined;
  afterAll(async () => t?.close());

  it('is discovered and booted by the kernel, and its route answers', async () => {
    const plugins = await discoverPlugins({ root: project });
    expect(plugins.map((plugin) => plugin.manifest.name)).toEqual([NAME]);
    t = await createTestKernel({ plugins });
    const account = await t.createAccount({ features: ['outside_notes'] });
    const owner = await t.createMember(account, { role: 'owner' });
    const created = await t.request({ method: 'POST', url: `/api/${NAME}/items`, as: owner, payload: { title: 'From node_modules' } });
    expect(created.statusCode, created.body).toBe(201);
    const listed = await t.request({ url: `/api/${NAME}/items`, as: owner });
    expect(listed.json<{ items: Array<{ title: string }> }>().items.map((item) => item.title)).toEqual(['From node_modules']);
  });

  it("hands its admin screen, editor block, site client and catalogues to the builds' Vite plugin", async () => {
    const vite = lecternPlugins({ root: project, extraDirs: [] });
    const source = (part: string) => {
      const id = (vite.resolveId as (id: string) => string | undefined)(`virtual:lectern-plugins${part}`);
      const load = vite.load as (this: { addWatchFile(file: string): void }, id: string) => string | undefined;
      return load.call({ addWatchFile: () => undefined }, id!) ?? '';
    };
    const file = (relative: string) => JSON.stringify(path.join(pluginDir, relative));
    expect(source('')).toBe(`export default ${JSON.stringify([NAME])};\n`);
    expect(source('/admin')).toContain(`${JSON.stringify(NAME)}: () => import(${file('admin/index.tsx')})`);
    expect(source('/blocks')).toContain(`${JSON.stringify(NAME)}: () => import(${file('site/blocks.tsx')})`);
    expect(source('/site-client')).toContain(`${JSON.stringify(NAME)}: () => import(${file('site/client.tsx')})`);
    const locales = source('/locales');
    for (const language of ['en', 'fr', 'ar', 'zh']) {
      expect(locales).toContain(`"admin": () => import(${file(`locales/${language}/admin.json`)})`);
      expect(locales).toContain(`"errors": () => import(${file(`locales/${language}/errors.json`)})`);
    }
  });
});

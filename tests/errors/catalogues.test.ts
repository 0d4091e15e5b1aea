import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';
import ecommerce from '@lectern/plugin-ecommerce';
import lms from '@lectern/plugin-lms';
import { authErrors } from '../../core/src/auth/auth-error.js';
import { defineErrors } from '../../core/src/errors/define-errors.js';
import type { ErrorDefinition } from '../../core/src/errors/errors.js';
import { LANGUAGE_CODES } from '../../admin/src/i18n/languages.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Every source file that writes a catalogue (calls defineErrors), so a new catalogue is checked without an edit here. */
function catalogueFiles(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) {
        if (entry !== 'node_modules' && entry !== 'dist') walk(full);
      } else if (entry.endsWith('.ts') && !entry.endsWith('.test.ts') && entry !== 'define-errors.ts' && readFileSync(full, 'utf8').includes('defineErrors(')) {
        found.push(full);
      }
    }
  };
  walk(path.join(root, 'core/src'));
  for (const plugin of readdirSync(path.join(root, 'plugins'), { withFileTypes: true }))
    if (plugin.isDirectory()) walk(path.join(root, 'plugins', plugin.name, 'src'));
  return found.sort();
}

interface Entry {
  file: string;
  name: string;
  /** The plugin whose catalogue it is, or null for the kernel's. */
  plugin: string | null;
  definition: ErrorDefinition;
}

const isDefinition = (value: unknown): value is ErrorDefinition =>
  typeof value === 'object' &&
  value !== null &&
  ['code', 'messageKey', 'message'].every((field) => typeof (value as Record<string, unknown>)[field] === 'string');

async function loadEntries(): Promise<{ entries: Entry[]; catalogues: number }> {
  const entries: Entry[] = [];
  let catalogues = 0;
  for (const file of catalogueFiles()) {
    const relative = path.relative(root, file);
    const plugin = relative.startsWith('plugins/') ? relative.split('/')[1]! : null;
    const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    for (const exported of Object.values(module)) {
      if (typeof exported !== 'object' || exported === null || Array.isArray(exported)) continue;
      const values = Object.values(exported);
      if (values.length === 0 || !values.every(isDefinition)) continue;
      catalogues++;
      // defineErrors freezes what it returns: a frozen catalogue of frozen entries was made by it.
      expect(Object.isFrozen(exported), `${relative}: a catalogue written with defineErrors`).toBe(true);
      for (const [name, definition] of Object.entries(exported as Record<string, ErrorDefinition>)) entries.push({ file: relative, name, plugin, definition });
    }
  }
  return { entries, catalogues };
}

type Tree = { [key: string]: string | Tree };
const readTree = (file: string): Tree => JSON.parse(readFileSync(file, 'utf8')) as Tree;
const lookup = (tree: Tree, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (typeof node === 'object' && node !== null ? (node as Tree)[part] : undefined), tree);

/** Where the admin translates a message key: the kernel's common namespace, and the plugin's errors namespace. */
function translation(key: string, language: string, plugin: string | null): string | undefined {
  const trees = [readTree(path.join(root, 'admin/src/i18n/locales', language, 'common.json'))];
  if (plugin !== null) trees.push(readTree(path.join(root, 'plugins', plugin, 'locales', language, 'errors.json')));
  for (const tree of trees) {
    const text = lookup(tree, key);
    if (typeof text === 'string' && text.trim() !== '') return text;
  }
  return undefined;
}

describe('error catalogues', () => {
  let entries: Entry[];

  beforeAll(async () => {
    const loaded = await loadEntries();
    entries = loaded.entries;
    // The kernel's shared one, storage, mail, realtime, the LMS's four and the shop's.
    expect(loaded.catalogues).toBeGreaterThanOrEqual(9);
  });

  it('gives each code one status and one message key platform-wide', () => {
    const byCode = new Map<string, Entry>();
    const problems: string[] = [];
    for (const entry of entries) {
      const first = byCode.get(entry.definition.code);
      if (first === undefined) byCode.set(entry.definition.code, entry);
      else if (first.definition.statusCode !== entry.definition.statusCode || first.definition.messageKey !== entry.definition.messageKey)
        problems.push(
          `${entry.definition.code}: ${first.file} ${first.name} (${first.definition.statusCode}, ${first.definition.messageKey}) ≠ ${entry.file} ${entry.name} (${entry.definition.statusCode}, ${entry.definition.messageKey})`,
        );
    }
    expect(problems).toEqual([]);
    expect(byCode.get('course_not_found')?.definition.statusCode).toBe(404);
  });

  it('answers with a 4xx or 5xx status', () => {
    const wrong = entries.filter(({ definition }) => !Number.isInteger(definition.statusCode) || definition.statusCode < 400 || definition.statusCode > 599);
    expect(wrong.map(({ file, name }) => `${file} ${name}`)).toEqual([]);
  });

  it('has every message key translated in the dashboard, in all twenty languages', () => {
    const missing: string[] = [];
    for (const language of LANGUAGE_CODES)
      for (const { file, name, plugin, definition } of entries)
        if (translation(definition.messageKey, language, plugin) === undefined) missing.push(`${language}: ${definition.messageKey} (${file} ${name})`);
    expect(missing).toEqual([]);
  });

  it("keeps the auth API's GoTrue codes from meaning something else in Lectern's catalogues", () => {
    const made = Object.values(authErrors).map((make) => (make as (...args: unknown[]) => { code: string; statusCode: number })([], 'x'));
    const ours = new Map(entries.map(({ definition }) => [definition.code, definition.statusCode]));
    const clashes = made.filter((error) => ours.has(error.code) && ours.get(error.code) !== error.statusCode).map((error) => error.code);
    expect(clashes).toEqual([]);
  });

  it('refuses a malformed catalogue when it is defined', () => {
    const entry = { code: 'sample', status: 404, messageKey: 'errors.sample', message: 'Sample' };
    expect(Object.isFrozen(defineErrors({ sample: entry }).sample)).toBe(true);
    expect(() => defineErrors({ sample: { ...entry, status: 200 } })).toThrow(/not a 4xx or 5xx/);
    expect(() => defineErrors({ sample: { ...entry, status: 404.5 } })).toThrow(/not a 4xx or 5xx/);
    expect(() => defineErrors({ sample: { ...entry, messageKey: 'No such thing' } })).toThrow(/message key/);
    expect(() => defineErrors({ sample: { ...entry, code: ' ' } })).toThrow(/blank/);
    expect(() => defineErrors({ sample: entry, again: { ...entry, status: 400 } })).toThrow(/already defined/);
    expect(Object.keys(defineErrors({ sample: entry, again: { ...entry, message: 'Said otherwise' } }))).toEqual(['sample', 'again']);
  });
});

describe('error bodies of the API', () => {
  let t: TestKernel;
  let site: TestAccount;
  let owner: TestMember;
  const ghost = '00000000-0000-4000-8000-000000000000';

  beforeAll(async () => {
    t = await createTestKernel({ plugins: [lms, ecommerce] });
    site = await t.createAccount({ plan: 'professional', features: ['lms'] });
    owner = await t.createMember(site, { role: 'owner' });
  });

  afterAll(async () => {
    await t?.close();
  });

  /** A refusal as the dashboard reads it: code, status and a message key it translates. */
  const expectRefusal = (res: { statusCode: number; json: <T>() => T }, status: number, error: string, messageKey: string, plugin: string | null = null) => {
    expect(res.statusCode).toBe(status);
    const body = res.json<Record<string, unknown>>();
    expect(body).toMatchObject({ error, messageKey, statusCode: status });
    expect(typeof body.message).toBe('string');
    expect(body).not.toHaveProperty('stack');
    expect(translation(messageKey, 'en', plugin)).toBeDefined();
  };

  it('carries the message key of kernel refusals: unknown route, no session, failed validation, a malformed URL', async () => {
    expectRefusal(await t.request({ url: '/api/no-such-route', account: site }), 404, 'not_found', 'errors.notFound');
    expectRefusal(await t.request({ url: `/api/lms/courses/${ghost}/stats`, account: site }), 401, 'not_authenticated', 'errors.notAuthenticated');
    expectRefusal(await t.request({ method: 'POST', url: '/api/ecommerce/products', as: owner, payload: {} }), 400, 'validation_failed', 'errors.validation');
    // Refused by the router before any route is chosen (not valid UTF-8).
    expectRefusal(await t.request({ url: '/api/lms/courses/%C0%AF', as: owner }), 400, 'bad_request', 'errors.badRequest');
  });

  it("answers course_not_found alike from the LMS and the shop: 404 and the LMS's key", async () => {
    expectRefusal(await t.request({ url: `/api/lms/courses/${ghost}/stats`, as: owner }), 404, 'course_not_found', 'errors.courseNotFound', 'lms');
    const product = { title: 'Course pack', price: { type: 'onetime', amount: 100 }, course_id: ghost };
    expectRefusal(
      await t.request({ method: 'POST', url: '/api/ecommerce/products', as: owner, payload: product }),
      404,
      'course_not_found',
      'errors.courseNotFound',
      'ecommerce',
    );
  });
});

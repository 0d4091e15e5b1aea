import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The Plugin API v1 guard (eslint.config.js): each rule fires on a small bad snippet at a path it
 * covers, and stays quiet on the allowed form, so a loosened config fails here.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let eslint: ESLint;

async function findings(code: string, filePath: string): Promise<Array<{ rule: string | null; message: string }>> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return (result?.messages ?? []).map((m) => ({ rule: m.ruleId, message: m.message }));
}

const rulesOf = async (code: string, filePath: string) => (await findings(code, filePath)).map((f) => f.rule);

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

describe('plugin server code (plugins/*/src)', () => {
  const file = 'plugins/lms/src/lint-probe.ts';

  it('refuses the kernel: imports of @lectern/core or core/ paths', async () => {
    expect(await rulesOf(`import { PageCache } from '@lectern/core';\nexport type X = PageCache;\n`, file)).toContain('no-restricted-imports');
    expect(await rulesOf(`import { x } from '@lectern/core/dist/index.js';\nexport const y = x;\n`, file)).toContain('no-restricted-imports');
    expect(await rulesOf(`import { x } from '../../../core/src/kernel.js';\nexport const y = x;\n`, file)).toContain('no-restricted-imports');
  });

  it('refuses themes and other plugins’ internals, allows their contract', async () => {
    expect(await rulesOf(`import { x } from '@lectern/theme-default/kit';\nexport const y = x;\n`, file)).toContain('no-restricted-imports');
    expect(await rulesOf(`import { x } from '@lectern/plugin-ecommerce';\nexport const y = x;\n`, file)).toContain('no-restricted-imports');
    expect(await rulesOf(`import { x } from '@lectern/plugin-ecommerce/dist/orders/store.js';\nexport const y = x;\n`, file)).toContain(
      'no-restricted-imports',
    );
    expect(await rulesOf(`import { LmsContract } from '@lectern/plugin-lms/contract';\nexport const y = LmsContract;\n`, file)).toEqual([]);
  });

  it('refuses any member named kernel, and PluginApp["kernel"] types', async () => {
    const found = await findings(`export const f = (app: { kernel: { jobs: unknown } }) => app.kernel.jobs;\n`, file);
    expect(found.map((f) => f.rule)).toContain('no-restricted-syntax');
    expect(found.some((f) => f.message.includes('PluginContext services'))).toBe(true);
    expect(await rulesOf(`export const f = (request: { server: { kernel: unknown } }) => request.server.kernel;\n`, file)).toContain('no-restricted-syntax');
    expect(await rulesOf(`import type { PluginApp } from '@lectern/sdk';\nexport type Jobs = PluginApp['kernel'];\n`, file)).toContain('no-restricted-syntax');
  });

  it('refuses rebuilding the kernel’s service tokens, allows the plugin’s own', async () => {
    const found = await findings(`import { createToken } from '@lectern/sdk';\nexport const Options = createToken<unknown>('kernel.options');\n`, file);
    expect(found.map((f) => f.rule)).toContain('no-restricted-syntax');
    expect(found.some((f) => f.message.includes("kernel's service tokens"))).toBe(true);
    expect(await rulesOf(`import { createToken } from '@lectern/sdk';\nexport const Parts = createToken<unknown>('lms.parts');\n`, file)).toEqual([]);
  });

  it('refuses Kysely<any>, AnyDb and `as unknown as`', async () => {
    expect(await rulesOf(`import type { Kysely } from '@lectern/sdk';\nexport type Db = Kysely<any>;\n`, file)).toContain('no-restricted-syntax');
    expect(await rulesOf(`import type { AnyDb } from '@lectern/sdk';\nexport const f = (db: AnyDb) => db;\n`, file)).toContain('no-restricted-syntax');
    expect(await rulesOf(`export const f = (v: string) => v as unknown as number;\n`, file)).toContain('no-restricted-syntax');
  });

  it('passes the SDK way: typed tables and PluginContext services', async () => {
    const good = [
      `import { defineTables, type PluginContext, type PluginRequest } from '@lectern/sdk';`,
      `interface Tables { shop_things: { account_id: string; id: string } }`,
      `export const shopDb = defineTables<Tables>();`,
      `export const origin = (ctx: PluginContext, request: PluginRequest) => ctx.siteUrl(request);`,
      `export const purge = (ctx: PluginContext, accountId: string) => ctx.pageCache.purgeAccount(accountId);`,
      '',
    ].join('\n');
    expect(await findings(good, file)).toEqual([]);
  });

  it('lets tests use the harness kernel, but not double casts', async () => {
    const test = 'plugins/lms/src/lint-probe.test.ts';
    expect(await rulesOf(`export const f = (t: { kernel: { jobs: unknown } }) => t.kernel.jobs;\n`, test)).toEqual([]);
    expect(await rulesOf(`export const f = (v: string) => v as unknown as number;\n`, test)).toContain('no-restricted-syntax');
  });
});

describe('themes, the dashboard and plugins’ browser code', () => {
  it('refuses the kernel’s internals', async () => {
    for (const file of ['themes/default/src/lint-probe.tsx', 'admin/src/lint-probe.tsx', 'plugins/lms/site/lint-probe.tsx', 'plugins/lms/admin/lint-probe.tsx'])
      expect(await rulesOf(`import { KERNEL_VERSION } from '@lectern/core';\nexport const v = KERNEL_VERSION;\n`, file)).toContain('no-restricted-imports');
  });

  it('refuses themes in plugins’ browser code, by package or by path, and passes the site kit', async () => {
    for (const file of ['plugins/lms/site/lint-probe.tsx', 'plugins/ecommerce/admin/lint-probe.tsx']) {
      const found = await findings(`import { useSite } from '@lectern/theme-default/kit';\nexport const y = useSite;\n`, file);
      expect(found.map((f) => f.rule)).toContain('no-restricted-imports');
      expect(found.some((f) => f.message.includes('@lectern/sdk/site'))).toBe(true);
      expect(await rulesOf(`import { x } from '@lectern/theme-provider';\nexport const y = x;\n`, file)).toContain('no-restricted-imports');
      expect(await rulesOf(`import { en } from '../../../themes/default/src/i18n/en.js';\nexport const y = en;\n`, file)).toContain('no-restricted-imports');
    }
    const kit = `import { useSite, useSiteUi } from '@lectern/sdk/site';\nexport const y = [useSite, useSiteUi];\n`;
    expect(await rulesOf(kit, 'plugins/lms/site/lint-probe.tsx')).toEqual([]);
  });
});

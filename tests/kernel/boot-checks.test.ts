import { describe, expect, it } from 'vitest';
import { Type, definePlugin, sql, type PluginApp, type PluginDefinition } from '@lectern/sdk';
import { createTestKernel } from '@lectern/sdk/testing';
import { notesPlugin } from './fixtures/notes-plugin.js';

const ok = { 200: { type: 'object', properties: { ok: { type: 'boolean' } } } };

function withTable(name: string, create: PluginDefinition['migrations'], tables?: PluginDefinition['manifest']['tables']): PluginDefinition {
  return definePlugin({ manifest: { name, version: '1.0.0', kernel: '^0.1.0', ...(tables ? { tables } : {}) }, migrations: create });
}

function withRoute(name: string, route: (app: PluginApp) => void): PluginDefinition {
  return definePlugin({ manifest: { name, version: '1.0.0', kernel: '^0.1.0' }, routes: route });
}

describe('boot checks', () => {
  it('refuses to start when a table lacks row-level security', async () => {
    const careless = withTable('careless', {
      '0001': {
        async up(db) {
          await sql`CREATE TABLE careless_items (account_id uuid NOT NULL, title text)`.execute(db);
        },
      },
    });
    await expect(createTestKernel({ plugins: [careless] })).rejects.toThrow(
      /Tenancy check failed[\s\S]*table "careless_items" lacks row-level security enabled, row-level security forced, a policy/,
    );
  });

  it('refuses a table with RLS enabled but not forced, and one without account_id', async () => {
    const half = withTable('half', {
      '0001': {
        async up(db) {
          await sql`CREATE TABLE half_items (account_id uuid NOT NULL)`.execute(db);
          await sql`ALTER TABLE half_items ENABLE ROW LEVEL SECURITY`.execute(db);
          await sql`CREATE POLICY p ON half_items USING (true)`.execute(db);
          await sql`CREATE TABLE half_loose (id int)`.execute(db);
        },
      },
    });
    const error = await createTestKernel({ plugins: [half] }).then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(error?.message).toContain('table "half_items" lacks row-level security forced');
    expect(error?.message).toContain('table "half_loose" lacks an account_id column, row-level security enabled, row-level security forced, a policy');
  });

  it('accepts a table the plugin declares global', async () => {
    const lookup = withTable(
      'lookup',
      {
        '0001': {
          async up(db) {
            await sql`CREATE TABLE lookup_countries (code text PRIMARY KEY)`.execute(db);
          },
        },
      },
      { lookup_countries: { scope: 'global', app: 'SELECT' } },
    );
    const t = await createTestKernel({ plugins: [lookup] });
    await t.close();
  });

  it('refuses a route that declares neither capability nor public', async () => {
    const open = withRoute('open', (app) => {
      app.get('/x', { schema: { response: ok } }, async () => ({ ok: true }));
    });
    await expect(createTestKernel({ plugins: [open] })).rejects.toThrow(
      'Route GET /api/open/x is not declared properly: declare config.capability or config.public: true',
    );
  });

  it('refuses a route without a response schema, and a body route without a body schema', async () => {
    const noResponse = withRoute('noresp', (app) => {
      app.get('/x', { config: { public: true } }, async () => ({ ok: true }));
    });
    await expect(createTestKernel({ plugins: [noResponse] })).rejects.toThrow('declare schema.response for its success status');
    const noBody = withRoute('nobody', (app) => {
      app.post('/x/:id', { config: { capability: 'read' }, schema: { response: ok } }, async () => ({ ok: true }));
    });
    await expect(createTestKernel({ plugins: [noBody] })).rejects.toThrow('declare schema.body; declare schema.params');
  });

  it('refuses input schemas written as plain JSON: handlers take their types from TypeBox schemas', async () => {
    const plain = withRoute('plain', (app) => {
      app.post(
        '/x/:id',
        {
          config: { capability: 'read' },
          schema: {
            params: { type: 'object', properties: { id: { type: 'string' } } },
            body: Type.Object({ text: Type.String() }),
            querystring: { type: 'object', properties: { q: { type: 'string' } } },
            response: ok,
          },
        },
        async () => ({ ok: true }),
      );
    });
    await expect(createTestKernel({ plugins: [plain] })).rejects.toThrow(
      'Route POST /api/plain/x/:id is not declared properly: declare schema.querystring with TypeBox (Type.Object…, Type.Unsafe); declare schema.params with TypeBox (Type.Object…, Type.Unsafe)',
    );
    // The same route with TypeBox inputs boots, and Type.Unsafe passes for what TypeBox cannot say.
    const typedRoute = withRoute('typedroute', (app) => {
      app.post(
        '/x/:id',
        {
          config: { capability: 'read' },
          schema: {
            params: Type.Object({ id: Type.String() }),
            body: Type.Unsafe<{ text: string }>({ type: 'object', properties: { text: { type: 'string' } } }),
            response: ok,
          },
        },
        async () => ({ ok: true }),
      );
    });
    const t = await createTestKernel({ plugins: [typedRoute] });
    await t.close();
  });

  it('loads plugins in the order their requirements give', async () => {
    const order: string[] = [];
    const make = (name: string, requires: Record<string, string> = {}) =>
      definePlugin({
        manifest: { name, version: '1.0.0', kernel: '^0.1.0', requires },
        register: () => void order.push(`register:${name}`),
        bootstrap: () => void order.push(`bootstrap:${name}`),
        destroy: () => void order.push(`destroy:${name}`),
      });
    const t = await createTestKernel({ plugins: [make('funnels', { shop: '^1.0.0' }), make('shop', { courses: '^1.0.0' }), make('courses')] });
    await t.close();
    expect(order).toEqual([
      'register:courses',
      'register:shop',
      'register:funnels',
      'bootstrap:courses',
      'bootstrap:shop',
      'bootstrap:funnels',
      'destroy:funnels',
      'destroy:shop',
      'destroy:courses',
    ]);
  });

  it('stops on a missing dependency and on a cycle, naming the plugins', async () => {
    const lonely = definePlugin({ manifest: { name: 'shop', version: '1.0.0', kernel: '^0.1.0', requires: { courses: '^1.0.0' } } });
    await expect(createTestKernel({ plugins: [lonely] })).rejects.toThrow('"shop" requires "courses" (^1.0.0), which is not installed');
    const a = definePlugin({ manifest: { name: 'aa', version: '1.0.0', kernel: '^0.1.0', requires: { bb: '*' } } });
    const b = definePlugin({ manifest: { name: 'bb', version: '1.0.0', kernel: '^0.1.0', requires: { aa: '*' } } });
    await expect(createTestKernel({ plugins: [a, b] })).rejects.toThrow('Plugin dependency cycle: "aa" → "bb" → "aa"');
  });

  it('refuses an invalid manifest with every problem listed', async () => {
    const bad = { manifest: { name: 'Bad Name', version: 'one', kernel: '^0.1.0' } } as unknown as PluginDefinition;
    await expect(createTestKernel({ plugins: [bad] })).rejects.toThrow(/Plugin "Bad Name" has an invalid manifest:[\s\S]*\/name/);
    const wrongKernel = definePlugin({ manifest: { name: 'future', version: '1.0.0', kernel: '^9.0.0' } });
    await expect(createTestKernel({ plugins: [wrongKernel] })).rejects.toThrow('/kernel: needs kernel ^9.0.0, this kernel is 0.1.0');
  });

  it('a failed migration stops boot and names the migration', async () => {
    const broken = withTable('broken', {
      '0001-bad': {
        async up(db) {
          await sql`CREATE TABLE broken_x (`.execute(db);
        },
      },
    });
    await expect(createTestKernel({ plugins: [broken] })).rejects.toThrow('Migration 0001-bad of plugin_broken failed');
  });

  it('runs each package migrations once, in its own ledger', async () => {
    const t = await createTestKernel({ plugins: [notesPlugin()] });
    try {
      const ledgers = await t.kernel.withSystem('test: list migration ledgers', async (db) => {
        const { rows } = await sql<{
          name: string;
        }>`SELECT tablename AS name FROM pg_tables WHERE tablename LIKE 'lectern_migrations_%' AND tablename NOT LIKE '%_lock' ORDER BY 1`.execute(db);
        return rows.map((r) => r.name);
      });
      expect(ledgers).toEqual(['lectern_migrations_kernel', 'lectern_migrations_plugin_notes']);
    } finally {
      await t.close();
    }
  });
});

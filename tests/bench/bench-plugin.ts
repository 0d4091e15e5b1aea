import { AppError, Errors, createTenantTable, definePlugin, type AnyDb } from '@lectern/sdk';
import { Item, ItemParams } from './item-schemas.js';

/** How many rows the bench account gets; requests cycle through ids 1..BENCH_ROWS. */
export const BENCH_ROWS = 1000;

/**
 * A minimal plugin exercising the kernel's read path: host → account, request transaction with
 * RLS, one primary-key read, response serialisation. Public, so no token verification is measured.
 */
export const benchPlugin = definePlugin({
  manifest: {
    name: 'bench',
    version: '0.1.0',
    kernel: '>=0.1.0',
    description: 'Benchmark fixture: one tenant table and one read route',
    tables: { bench_items: 'tenant' },
  },
  migrations: {
    '001_bench_items': {
      async up(db) {
        await createTenantTable(db, 'bench_items', (t) =>
          t
            .addColumn('id', 'integer', (c) => c.notNull())
            .addColumn('title', 'text', (c) => c.notNull())
            .addPrimaryKeyConstraint('bench_items_pk', ['account_id', 'id']),
        );
      },
    },
  },
  routes(app) {
    app.get('/items/:id', { config: { public: true }, schema: { params: ItemParams, response: { 200: Item } } }, async (request) => {
      const row = await request.ctx.db.selectFrom('bench_items').select(['id', 'title']).where('id', '=', request.params.id).executeTakeFirst();
      if (row === undefined) throw new AppError(Errors.notFound);
      return row;
    });
  },
});

/** Fills the account's bench rows; idempotent, so a reused PostgreSQL database is fine. */
export async function seedBenchItems(db: AnyDb, accountId: string): Promise<void> {
  const rows = Array.from({ length: BENCH_ROWS }, (_, i) => ({ account_id: accountId, id: i + 1, title: `Bench item ${i + 1}` }));
  await db
    .insertInto('bench_items')
    .values(rows)
    .onConflict((oc) => oc.columns(['account_id', 'id']).doNothing())
    .execute();
}

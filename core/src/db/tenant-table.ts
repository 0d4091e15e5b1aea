import { sql, type CreateTableBuilder, type Kysely } from 'kysely';

/** The predicate every tenant policy uses: rows of the account the transaction was opened for. */
export const CURRENT_ACCOUNT_SQL = "nullif(current_setting('app.account_id', true), '')::uuid";

/**
 * Creates a tenant table: an `account_id` column tied to its account, row-level security enabled
 * and forced, and the isolation policy. Use this in migrations for every table holding account
 * data; the boot check refuses to start when a table outside the declared global ones lacks it.
 *
 * Lead every primary key and index with `account_id`, e.g.
 * `t.addColumn('id', 'uuid', (c) => c.notNull().defaultTo(sql`gen_random_uuid()`)).addPrimaryKeyConstraint('x_pk', ['account_id', 'id'])`.
 */
export async function createTenantTable(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
  table: string,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  build: (builder: CreateTableBuilder<string, 'account_id'>) => CreateTableBuilder<string, any>,
): Promise<void> {
  const base = db.schema.createTable(table).addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'));
  await build(base).execute();
  await enableTenancy(db, table);
}

/** Turns an existing table with an `account_id` column into a tenant table (RLS forced + policy). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function enableTenancy(db: Kysely<any>, table: string): Promise<void> {
  const ident = sql.table(table);
  await sql`ALTER TABLE ${ident} ENABLE ROW LEVEL SECURITY`.execute(db);
  await sql`ALTER TABLE ${ident} FORCE ROW LEVEL SECURITY`.execute(db);
  await sql`DROP POLICY IF EXISTS tenant_isolation ON ${ident}`.execute(db);
  await sql`CREATE POLICY tenant_isolation ON ${ident}
    USING (account_id = ${sql.raw(CURRENT_ACCOUNT_SQL)})
    WITH CHECK (account_id = ${sql.raw(CURRENT_ACCOUNT_SQL)})`.execute(db);
}

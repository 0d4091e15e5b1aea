import { sql } from '@lectern/sdk';
import type { TestKernel } from '@lectern/sdk/testing';
import { tenantTables } from './probe-sites.js';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** One account's rows, read past row-level security: a digest per table, and what identifies them. */
export interface AccountSnapshot {
  /** Table → digest of the account's rows (its own row of `accounts`, its members' `users` rows). */
  digests: Map<string, string>;
  /** Table → number of the account's rows. */
  counts: Map<string, number>;
  /** Every uuid in the account's rows. */
  uuids: Set<string>;
  /** Table → its rows' `id`s (uuids), to call routes with. */
  ids: Map<string, string[]>;
  /** Slugs and codes of its rows (courses, pages, posts, certificates, coupons…). */
  slugs: string[];
  codes: string[];
  /** Storage objects as bucket name and path. */
  objects: Array<{ bucket: string; path: string }>;
}

/** How to pick the account's rows of a table: by account_id, or the `accounts` row itself. */
function ownRows(table: string, accountId: string) {
  return table === 'accounts'
    ? sql`SELECT to_jsonb(x) AS row FROM accounts x WHERE x.id = ${accountId}::uuid`
    : sql`SELECT to_jsonb(x) AS row FROM ${sql.table(table)} x WHERE x.account_id = ${accountId}::uuid`;
}

export async function snapshotAccount(t: TestKernel, accountId: string): Promise<AccountSnapshot> {
  const snapshot: AccountSnapshot = { digests: new Map(), counts: new Map(), uuids: new Set(), ids: new Map(), slugs: [], codes: [], objects: [] };
  const tables = await tenantTables(t);
  await t.kernel.withSystem('route probe: snapshot an account', async (db) => {
    const read = async (table: string, query: ReturnType<typeof sql>) => {
      const { rows } = await query.execute(db);
      const texts = rows.map((row) => JSON.stringify((row as { row: unknown }).row)).sort();
      snapshot.digests.set(table, texts.join('\n'));
      snapshot.counts.set(table, rows.length);
      const ids: string[] = [];
      for (const row of rows) {
        const record = (row as { row: Record<string, unknown> }).row;
        if (typeof record.id === 'string' && UUID.test(record.id)) ids.push(record.id);
        UUID.lastIndex = 0;
        if (typeof record.slug === 'string') snapshot.slugs.push(record.slug);
        if (typeof record.code === 'string') snapshot.codes.push(record.code);
      }
      snapshot.ids.set(table, ids);
      for (const text of texts) for (const match of text.matchAll(UUID)) snapshot.uuids.add(match[0].toLowerCase());
    };
    for (const table of tables) {
      const hasAccountColumn =
        table === 'accounts' ||
        (
          await sql<{
            n: number;
          }>`SELECT count(*)::int AS n FROM information_schema.columns WHERE table_schema = 'public' AND table_name = ${table} AND column_name = 'account_id'`.execute(
            db,
          )
        ).rows[0]?.n === 1;
      if (hasAccountColumn) await read(table, ownRows(table, accountId));
    }
    // Global rows that belong to the account's people.
    const members = sql`SELECT user_id FROM members WHERE account_id = ${accountId}::uuid`;
    await read('users', sql`SELECT to_jsonb(u) - 'last_sign_in_at' - 'updated_at' AS row FROM users u WHERE u.id IN (${members})`);
    await read('auth_identities', sql`SELECT to_jsonb(i) AS row FROM auth_identities i WHERE i.user_id IN (${members})`);
    await read('auth_mfa_factors', sql`SELECT to_jsonb(f) AS row FROM auth_mfa_factors f WHERE f.user_id IN (${members})`);
    const objects = await sql<{ bucket: string; path: string }>`
      SELECT o.bucket_id AS bucket, o.name AS path FROM storage_objects o
      WHERE o.account_id = ${accountId}::uuid`.execute(db);
    snapshot.objects = objects.rows;
  });
  return snapshot;
}

/** Tables whose rows differ between two snapshots of the same account. */
export function changedTables(before: AccountSnapshot, after: AccountSnapshot): string[] {
  const names = new Set([...before.digests.keys(), ...after.digests.keys()]);
  return [...names].filter((name) => before.digests.get(name) !== after.digests.get(name)).sort();
}

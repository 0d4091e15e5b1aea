import { sql, type Account, type DbHandle, type EmailCheck, type PluginContext } from '@lectern/sdk';
import { CONTACT_STATUS, marketingDb, type ImportReject } from '../db/tables.js';
import { link, upsertContacts } from '../contacts/store.js';

/** The queue that takes imports, a chunk of rows per pair of short transactions. */
export const IMPORT_QUEUE = 'marketing-contact-import';
const CHUNK = 500;

export interface ImportJob {
  importId: string;
}

type Verdict = Extract<EmailCheck, { valid: false }>['reason'] | 'ok';

/**
 * Imports the rows of a CSV in chunks: each chunk is read in one short transaction, its addresses
 * checked outside any (the format of each row; the mail servers once per domain, each domain one
 * of the plan's monthly verifications), and written in a second one with the progress. Addresses
 * already on the site keep their status (an unsubscribed contact stays so) and gain the lists and
 * tags; a row repeating an address earlier in the file is a duplicate. A job run again after a
 * crash resumes at the progress it recorded.
 */
export async function registerImports(ctx: PluginContext): Promise<void> {
  await ctx.jobs.work<ImportJob>(
    IMPORT_QUEUE,
    async ({ account, data, run }) => {
      if (account === null) return;
      const verdicts = new Map<string, Verdict>();
      const seen = new Set<string>();
      for (;;) {
        const chunk = await run((db) => nextChunk(ctx, db, account.id, data.importId));
        if (chunk === null) return;
        const fresh = [...new Set(chunk.addresses.filter((a): a is string => a !== null).map(domainOf))].filter((domain) => !verdicts.has(domain));
        for (const domain of fresh) {
          const check = await ctx.net.checkEmail(`postmaster@${domain}`);
          verdicts.set(domain, check.valid ? 'ok' : check.reason);
        }
        const finished = await run((db) => writeChunk(ctx, db, account, data.importId, chunk, { verdicts, seen, checked: fresh.length }));
        if (finished) return;
      }
    },
    { transaction: false },
  );
}

const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1);

interface Chunk {
  from: number;
  rows: Array<{ line: number; email: string; name: string }>;
  /** Each row's address in SPEC §5's format, or null. */
  addresses: Array<string | null>;
  listIds: string[];
  tags: string[];
  total: number;
}

/** The next rows to take, the import marked running; null when it is finished (or gone). */
async function nextChunk(ctx: PluginContext, db: DbHandle, accountId: string, importId: string): Promise<Chunk | null> {
  const row = await marketingDb(db)
    .selectFrom('marketing_imports')
    .select([
      'status',
      'processed',
      'total',
      'list_ids',
      'tags',
      sql<Chunk['rows']>`jsonb_path_query_array(rows, '$[$a to $b]', jsonb_build_object('a', processed, 'b', processed + ${CHUNK - 1}))`.as('slice'),
    ])
    .where('account_id', '=', accountId)
    .where('id', '=', importId)
    .forUpdate()
    .executeTakeFirst();
  if (row === undefined || row.status === 'done' || row.status === 'failed') return null;
  if (row.status === 'queued')
    await marketingDb(db).updateTable('marketing_imports').set({ status: 'running' }).where('account_id', '=', accountId).where('id', '=', importId).execute();
  return {
    from: row.processed,
    rows: row.slice,
    addresses: row.slice.map((item) => ctx.net.normalEmail(item.email)),
    listIds: row.list_ids,
    tags: row.tags,
    total: row.total,
  };
}

/**
 * Writes one chunk: counts the domains checked against the plan's verifications, upserts the good
 * rows in one statement (new contacts from the import, existing ones gaining tags and a missing
 * name), links them to the lists, and records the progress and the rejects. True when the import is done.
 */
async function writeChunk(
  ctx: PluginContext,
  db: DbHandle,
  account: Account,
  importId: string,
  chunk: Chunk,
  state: { verdicts: Map<string, Verdict>; seen: Set<string>; checked: number },
): Promise<boolean> {
  const q = marketingDb(db);
  const rejects: ImportReject[] = [];
  const good: Array<{ email: string; name: string }> = [];
  chunk.rows.forEach((item, index) => {
    const address = chunk.addresses[index] ?? null;
    const reason = address === null ? 'format' : state.verdicts.get(domainOf(address));
    if (address === null || reason !== 'ok') {
      rejects.push({ line: item.line, email: item.email, reason: reason ?? 'format' });
      return;
    }
    const key = address.toLowerCase();
    if (state.seen.has(key)) {
      rejects.push({ line: item.line, email: item.email, reason: 'duplicate' });
      return;
    }
    state.seen.add(key);
    good.push({ email: address, name: item.name });
  });
  if (state.checked > 0) {
    try {
      await ctx.limits.consume({ db, account }, 'emailverifications', state.checked);
    } catch (error) {
      // The month's verifications ran out: the import stops here, and says why.
      await q
        .updateTable('marketing_imports')
        .set({
          status: 'failed',
          finished_at: new Date(),
          rejects: sql`rejects || ${JSON.stringify([{ line: 0, email: '', reason: 'plan_limit_reached' }])}::jsonb`,
        })
        .where('account_id', '=', account.id)
        .where('id', '=', importId)
        .execute();
      ctx.log.info({ err: error, importId }, 'a contact import stopped at the plan’s verification limit');
      return true;
    }
  }
  let created = 0;
  let updated = 0;
  if (good.length > 0) {
    const written = await upsertContacts(db, account.id, good, { tags: chunk.tags, settings: { source: 'import' }, status: CONTACT_STATUS.active });
    created = written.filter((row) => row.created).length;
    updated = written.length - created;
    await link(
      db,
      account.id,
      written.map((row) => row.contact.id),
      chunk.listIds,
    );
  }
  const processed = chunk.from + chunk.rows.length;
  const done = chunk.rows.length === 0 || processed >= chunk.total;
  await q
    .updateTable('marketing_imports')
    .set({
      processed,
      created_count: sql<number>`created_count + ${created}`,
      updated_count: sql<number>`updated_count + ${updated}`,
      rejects: sql`rejects || ${JSON.stringify(rejects)}::jsonb`,
      // Done: the file's rows are dropped (the contacts hold what was taken, the rejects what was not).
      ...(done ? { status: 'done' as const, finished_at: new Date(), rows: '[]' } : {}),
    })
    .where('account_id', '=', account.id)
    .where('id', '=', importId)
    .execute();
  return done;
}

import { appError, Type, type PluginApp, type PluginContext } from '@lectern/sdk';
import { marketingDb } from '../db/tables.js';
import { Errors } from '../errors.js';
import { MANAGE } from '../manifest.js';
import { IdParams, ListIds, Tags } from '../contacts/schemas.js';
import { assertLists } from '../contacts/store.js';
import { parseContactsCsv } from './parse.js';
import { IMPORT_QUEUE, type ImportJob } from './worker.js';

const tags = ['marketing'];

const NewImport = Type.Object(
  {
    csv: Type.String({ minLength: 1, maxLength: 900_000, description: 'The file’s text: a header naming an e-mail column, or e-mail then name per row' }),
    lists: Type.Optional(ListIds),
    tags: Type.Optional(Tags),
  },
  { additionalProperties: false },
);

const Reject = Type.Object({ line: Type.Integer(), email: Type.String(), reason: Type.String() });

export const ImportView = Type.Object({
  id: Type.String({ format: 'uuid' }),
  status: Type.Union([Type.Literal('queued'), Type.Literal('running'), Type.Literal('done'), Type.Literal('failed')]),
  total: Type.Integer({ description: 'Rows with an address' }),
  processed: Type.Integer(),
  created: Type.Integer({ description: 'New contacts' }),
  updated: Type.Integer({ description: 'Contacts the site had, given the lists and tags' }),
  rejected: Type.Integer(),
  rejects: Type.Array(Reject, {
    description: 'Every row not taken, by line: format, missing, duplicate, domain_not_found, no_mail_server, lookup_failed, plan_limit_reached',
  }),
  created_at: Type.String({ format: 'date-time' }),
  finished_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});

/**
 * Contacts from a CSV (issue 19, item 3): the file is read at once (a file that is not CSV, or too
 * big, is refused there), then imported by a job in chunks whose progress the import's address
 * answers, with every row it refused and why.
 */
export async function importRoutes(app: PluginApp, plugin: PluginContext): Promise<void> {
  app.post(
    '/contacts/imports',
    {
      config: { capability: MANAGE },
      schema: { tags, summary: 'Import contacts from CSV text (202: follow its progress at its address)', body: NewImport, response: { 202: ImportView } },
    },
    async (request, reply) => {
      const { db, account, userId } = request.ctx;
      const { lists = [], tags: wanted = [] } = request.body;
      await assertLists(db, account.id, lists);
      const parsed = parseContactsCsv(request.body.csv);
      if (!parsed.ok) throw appError(Errors.importUnreadable, parsed.problem);
      const made = await marketingDb(db)
        .insertInto('marketing_imports')
        .values({
          account_id: account.id,
          rows: JSON.stringify(parsed.rows),
          list_ids: JSON.stringify([...new Set(lists)]),
          tags: [...new Set(wanted)],
          total: parsed.rows.length,
          rejects: JSON.stringify(parsed.rejects),
          created_by: userId,
        })
        .returning(['id', 'status', 'total', 'processed', 'created_count', 'updated_count', 'rejects', 'created_at', 'finished_at'])
        .executeTakeFirstOrThrow();
      const job: ImportJob = { importId: made.id };
      const accountId = account.id;
      request.ctx.afterCommit(async () => {
        await plugin.jobs.enqueue(accountId, IMPORT_QUEUE, job, { key: `import:${made.id}` });
      });
      reply.code(202);
      return view(made);
    },
  );

  app.get(
    '/contacts/imports/:id',
    {
      config: { capability: MANAGE },
      schema: { tags, summary: "An import's progress and the rows it refused", params: IdParams, response: { 200: ImportView } },
    },
    async (request) => {
      const { db, account } = request.ctx;
      const found = await marketingDb(db)
        .selectFrom('marketing_imports')
        .select(['id', 'status', 'total', 'processed', 'created_count', 'updated_count', 'rejects', 'created_at', 'finished_at'])
        .where('account_id', '=', account.id)
        .where('id', '=', request.params.id)
        .executeTakeFirst();
      if (found === undefined) throw appError(Errors.importNotFound);
      return view(found);
    },
  );
}

function view(row: {
  id: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  total: number;
  processed: number;
  created_count: number;
  updated_count: number;
  rejects: Array<{ line: number; email: string; reason: string }>;
  created_at: Date;
  finished_at: Date | null;
}) {
  return {
    id: row.id,
    status: row.status,
    total: row.total,
    processed: row.processed,
    created: row.created_count,
    updated: row.updated_count,
    rejected: row.rejects.length,
    rejects: [...row.rejects].sort((a, b) => a.line - b.line),
    created_at: new Date(row.created_at).toISOString(),
    finished_at: row.finished_at === null ? null : new Date(row.finished_at).toISOString(),
  };
}

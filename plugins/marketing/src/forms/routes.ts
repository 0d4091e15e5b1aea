import { appError, sql, Type, type DbHandle, type PluginApp, type PluginContext, type PluginRequest } from '@lectern/sdk';
import { stringify } from 'csv-stringify/sync';
import { assertLists } from '../contacts/store.js';
import { Deleted, removeById } from '../db/remove.js';
import { marketingDb, type FormSettings } from '../db/tables.js';
import { Errors } from '../errors.js';
import { MANAGE } from '../manifest.js';
import { fieldsProblems, type FormField } from './fields.js';
import { FormChanges, Form, FormList, IdParams, NewForm, SubmissionPage, SubmissionParams, SubmissionQuery } from './schemas.js';
import { findForm, listForms, settingsOf, SUBMISSION_COLUMNS, submissionsQuery, submissionView, type SubmissionRow } from './store.js';

const tags = ['marketing'];
const manage = { capability: MANAGE };

/** A CSV export holds at most this many submissions (newest first); a form with more is searched first. */
const CSV_MAX = 50_000;
const CSV_PAGE = 1_000;

/** Refuses fields the visitor could never fill in as meant, and lists that are not the site's. */
async function checkForm(db: DbHandle, accountId: string, fields: readonly FormField[] | undefined, settings: Partial<FormSettings> | undefined) {
  if (fields !== undefined) {
    const [first] = fieldsProblems(fields);
    if (first !== undefined) throw appError(Errors.formFieldsInvalid, first);
  }
  if (settings?.list_ids !== undefined) await assertLists(db, accountId, settings.list_ids);
}

/**
 * Forms (issue 19 item 1) for the dashboard: made and changed with their fields and rules, listed
 * with their submission counts; submissions searched, paged, deleted and exported as CSV.
 */
export async function formRoutes(app: PluginApp, plugin: PluginContext): Promise<void> {
  // Pages drawing a form (the form block) are cached: a change to a form reaches them now.
  const purgePages = (request: PluginRequest) => {
    const accountId = request.ctx.account.id;
    request.ctx.afterCommit(() => plugin.pageCache.purgeAccount(accountId));
  };
  const one = async (db: DbHandle, accountId: string, id: string) => {
    const [row] = await listForms(db, accountId, id);
    if (row === undefined) throw appError(Errors.formNotFound);
    return row;
  };

  app.get(
    '/forms',
    { config: manage, schema: { tags, summary: "The site's forms with their submission counts", response: { 200: FormList } } },
    async (request) => ({ items: await listForms(request.ctx.db, request.ctx.account.id) }),
  );

  app.get('/forms/:id', { config: manage, schema: { tags, summary: 'A form', params: IdParams, response: { 200: Form } } }, async (request) =>
    one(request.ctx.db, request.ctx.account.id, request.params.id),
  );

  app.post(
    '/forms',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Make a form',
        description: 'Fields are checked as a whole (keys unique, choices with options, bounds in order): 400 form_fields_invalid names the first problem.',
        body: NewForm,
        response: { 201: Form },
      },
    },
    async (request, reply) => {
      const { db, account } = request.ctx;
      const { name, status = 'draft', fields, settings } = request.body;
      await checkForm(db, account.id, fields, settings);
      const made = await marketingDb(db)
        .insertInto('marketing_forms')
        .values({ account_id: account.id, name: name.trim(), status, fields: JSON.stringify(fields), settings: JSON.stringify(settingsOf(settings)) })
        .returning('id')
        .executeTakeFirstOrThrow();
      reply.code(201);
      return one(db, account.id, made.id);
    },
  );

  app.put(
    '/forms/:id',
    { config: manage, schema: { tags, summary: 'Change a form, publish it or take it down', params: IdParams, body: FormChanges, response: { 200: Form } } },
    async (request) => {
      const { db, account } = request.ctx;
      const form = await findForm(db, account.id, request.params.id);
      if (form === null) throw appError(Errors.formNotFound);
      const { name, status, fields, settings } = request.body;
      await checkForm(db, account.id, fields, settings);
      await marketingDb(db)
        .updateTable('marketing_forms')
        .set({
          ...(name === undefined ? {} : { name: name.trim() }),
          ...(status === undefined ? {} : { status }),
          ...(fields === undefined ? {} : { fields: JSON.stringify(fields) }),
          ...(settings === undefined ? {} : { settings: JSON.stringify({ ...form.settings, ...settings }) }),
          updated_at: new Date(),
        })
        .where('account_id', '=', account.id)
        .where('id', '=', form.id)
        .execute();
      purgePages(request);
      return one(db, account.id, form.id);
    },
  );

  app.delete(
    '/forms/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Delete a form and its submissions (the contacts it made stay)',
        params: IdParams,
        response: { 200: Deleted },
      },
    },
    async (request) => {
      purgePages(request);
      return removeById(request.ctx.db, 'marketing_forms', request.ctx.account.id, request.params.id, Errors.formNotFound);
    },
  );

  app.get(
    '/forms/:id/submissions',
    {
      config: manage,
      schema: { tags, summary: "A form's submissions, newest first", params: IdParams, querystring: SubmissionQuery, response: { 200: SubmissionPage } },
    },
    async (request) => {
      const { db, account } = request.ctx;
      if ((await findForm(db, account.id, request.params.id)) === null) throw appError(Errors.formNotFound);
      const { search, limit, offset } = request.query;
      const query = submissionsQuery(db, account.id, request.params.id, search);
      const rows = await query.select(SUBMISSION_COLUMNS).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute();
      const count = await query.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
      return { items: (rows as SubmissionRow[]).map(submissionView), total: count.total };
    },
  );

  app.get(
    '/forms/:id/submissions.csv',
    {
      config: manage,
      schema: {
        tags,
        summary: "A form's submissions as CSV (a column per field; the search applies; up to 50,000 rows)",
        params: IdParams,
        querystring: Type.Object({ search: Type.Optional(Type.String({ maxLength: 200 })) }, { additionalProperties: false }),
        response: { 200: { description: 'text/csv: a header row, then one row per submission' } },
      },
    },
    async (request, reply) => {
      const { db, account } = request.ctx;
      const form = await findForm(db, account.id, request.params.id);
      if (form === null) throw appError(Errors.formNotFound);
      const header = ['submitted_at', ...form.fields.map((field) => field.label), 'email', 'contact_id'];
      const chunks = [stringify([header], { record_delimiter: 'windows', escape_formulas: true })];
      const query = submissionsQuery(db, account.id, form.id, request.query.search).select(SUBMISSION_COLUMNS);
      for (let offset = 0; offset < CSV_MAX; offset += CSV_PAGE) {
        const rows = (await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(CSV_PAGE).offset(offset).execute()) as SubmissionRow[];
        const records = rows.map((row) => [
          new Date(row.created_at).toISOString(),
          ...form.fields.map((field) => cell(row.answers[field.key])),
          row.email ?? '',
          row.contact_id ?? '',
        ]);
        chunks.push(stringify(records, { record_delimiter: 'windows', escape_formulas: true }));
        if (rows.length < CSV_PAGE) break;
      }
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', `attachment; filename="form-submissions-${new Date().toISOString().slice(0, 10)}.csv"`);
      return chunks.join('');
    },
  );

  app.delete(
    '/forms/:id/submissions/:submission',
    {
      config: manage,
      schema: { tags, summary: 'Delete a submission', params: SubmissionParams, response: { 200: Deleted } },
    },
    async (request) => {
      const { db, account } = request.ctx;
      const gone = await marketingDb(db)
        .deleteFrom('marketing_form_submissions')
        .where('account_id', '=', account.id)
        .where('form_id', '=', request.params.id)
        .where('id', '=', request.params.submission)
        .returning('id')
        .executeTakeFirst();
      if (gone === undefined) throw appError(Errors.submissionNotFound);
      return { deleted: true as const };
    },
  );
}

/** An answer as a spreadsheet cell: choices joined, yes/no spelt out. */
function cell(answer: SubmissionRow['answers'][string] | undefined): string {
  if (answer === undefined) return '';
  if (Array.isArray(answer)) return answer.join('; ');
  if (typeof answer === 'boolean') return answer ? 'yes' : 'no';
  if (typeof answer === 'object') return answer.name;
  return String(answer);
}

import { appError, sql, Type, type DbHandle, type PluginApp } from '@lectern/sdk';
import { marketingDb } from '../db/tables.js';
import { Deleted, removeById } from '../db/remove.js';
import { Errors } from '../errors.js';
import { MANAGE } from '../manifest.js';

const tags = ['marketing'];

const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) }, { additionalProperties: false });

const ListFields = {
  name: Type.String({ minLength: 1, maxLength: 120 }),
  description: Type.Optional(Type.String({ maxLength: 1000 })),
  double_opt_in: Type.Optional(Type.Boolean({ description: 'New contacts confirm by e-mail before they are mailed' })),
};
const NewList = Type.Object(ListFields, { additionalProperties: false });
const ListChanges = Type.Partial(Type.Object(ListFields), { additionalProperties: false, minProperties: 1 });

export const MailingList = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  description: Type.String(),
  double_opt_in: Type.Boolean(),
  contacts: Type.Integer({ description: 'Contacts on the list, whatever their status' }),
  active: Type.Integer({ description: 'Of them, the active ones (status 1): those a campaign reaches' }),
  created_at: Type.String({ format: 'date-time' }),
});

const ListAnswer = Type.Object({ items: Type.Array(MailingList) });

/** A unique-name refusal from the database (the index on lower(name)): 409, never a 500. */
const nameTaken = (error: unknown): boolean => (error as { code?: string } | null)?.code === '23505';

/**
 * Mailing lists (SPEC §3 Mailing list link joins them to contacts): listed with their counts in one
 * grouped query, made, renamed and deleted. Deleting a list removes its links, never its contacts.
 */
export async function listRoutes(app: PluginApp): Promise<void> {
  const listed = (db: DbHandle, accountId: string, id?: string) => {
    let query = marketingDb(db)
      .selectFrom('marketing_lists as l')
      .leftJoin('marketing_list_links as k', (join) => join.onRef('k.account_id', '=', 'l.account_id').onRef('k.list_id', '=', 'l.id'))
      .leftJoin('marketing_contacts as c', (join) => join.onRef('c.account_id', '=', 'k.account_id').onRef('c.id', '=', 'k.contact_id'))
      .select(['l.id', 'l.name', 'l.description', 'l.double_opt_in', 'l.created_at'])
      .select([sql<number>`count(c.id)::int`.as('contacts'), sql<number>`count(c.id) FILTER (WHERE c.status = 1)::int`.as('active')])
      .where('l.account_id', '=', accountId)
      .groupBy(['l.account_id', 'l.id']);
    if (id !== undefined) query = query.where('l.id', '=', id);
    return query.orderBy('l.name').execute();
  };
  const view = (row: Awaited<ReturnType<typeof listed>>[number]) => ({ ...row, created_at: new Date(row.created_at).toISOString() });

  app.get(
    '/lists',
    { config: { capability: MANAGE }, schema: { tags, summary: "The site's mailing lists with their contact counts", response: { 200: ListAnswer } } },
    async (request) => ({ items: (await listed(request.ctx.db, request.ctx.account.id)).map(view) }),
  );

  app.post(
    '/lists',
    { config: { capability: MANAGE }, schema: { tags, summary: 'Make a mailing list', body: NewList, response: { 201: MailingList } } },
    async (request, reply) => {
      const { db, account } = request.ctx;
      const { name, description = '', double_opt_in = false } = request.body;
      const taken = await marketingDb(db)
        .selectFrom('marketing_lists')
        .select('id')
        .where('account_id', '=', account.id)
        .where(sql<boolean>`lower(name) = lower(${name.trim()})`)
        .executeTakeFirst();
      if (taken !== undefined) throw appError(Errors.listNameTaken);
      const made = await marketingDb(db)
        .insertInto('marketing_lists')
        .values({ account_id: account.id, name: name.trim(), description, double_opt_in })
        .returning(['id', 'name', 'description', 'double_opt_in', 'created_at'])
        .executeTakeFirstOrThrow();
      reply.code(201);
      return { ...made, created_at: new Date(made.created_at).toISOString(), contacts: 0, active: 0 };
    },
  );

  app.put(
    '/lists/:id',
    {
      config: { capability: MANAGE },
      schema: { tags, summary: 'Rename a mailing list or change its opt-in', params: IdParams, body: ListChanges, response: { 200: MailingList } },
    },
    async (request) => {
      const { db, account } = request.ctx;
      const { name, ...rest } = request.body;
      if (name !== undefined) {
        const taken = await marketingDb(db)
          .selectFrom('marketing_lists')
          .select('id')
          .where('account_id', '=', account.id)
          .where('id', '!=', request.params.id)
          .where(sql<boolean>`lower(name) = lower(${name.trim()})`)
          .executeTakeFirst();
        if (taken !== undefined) throw appError(Errors.listNameTaken);
      }
      try {
        const changed = await marketingDb(db)
          .updateTable('marketing_lists')
          .set({ ...rest, ...(name === undefined ? {} : { name: name.trim() }), updated_at: new Date() })
          .where('account_id', '=', account.id)
          .where('id', '=', request.params.id)
          .returning('id')
          .executeTakeFirst();
        if (changed === undefined) throw appError(Errors.listNotFound);
      } catch (error) {
        if (nameTaken(error)) throw appError(Errors.listNameTaken);
        throw error;
      }
      const [row] = await listed(db, account.id, request.params.id);
      return view(row!);
    },
  );

  app.delete(
    '/lists/:id',
    {
      config: { capability: MANAGE },
      schema: {
        tags,
        summary: 'Delete a mailing list (its contacts stay)',
        params: IdParams,
        response: { 200: Deleted },
      },
    },
    async (request) => removeById(request.ctx.db, 'marketing_lists', request.ctx.account.id, request.params.id, Errors.listNotFound),
  );
}

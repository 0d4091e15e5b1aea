import { appError, containsPattern, sql, type DbHandle, type PluginApp, type PluginContext } from '@lectern/sdk';
import { CONTACT_STATUS, marketingDb } from '../db/tables.js';
import { Deleted, removeById } from '../db/remove.js';
import { Errors } from '../errors.js';
import { MANAGE } from '../manifest.js';
import { ContactChanges, ContactPage, ContactQuery, Contact as ContactSchema, IdParams, NewContact } from './schemas.js';
import { assertLists, CONTACT_COLUMNS, link, listsOf, upsertContact, type ContactRow } from './store.js';

const tags = ['marketing'];

/** The contacts as the API shows them, their lists read in one query. */
async function present(db: DbHandle, accountId: string, rows: readonly ContactRow[]) {
  const lists = await listsOf(
    db,
    accountId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    name: row.name,
    status: row.status,
    tags: row.tags,
    lists: lists.get(row.id) ?? [],
    source: row.settings.source ?? null,
    form_id: row.settings.form_id ?? null,
    fields: row.fields,
    created_at: new Date(row.created_at).toISOString(),
  }));
}

/**
 * SPEC §3 mailing contacts: listed (by list, status, tag or search, paged), added by hand (only an
 * address mail can reach: SPEC §7's check, counted against the plan's monthly verifications; a
 * failed check creates nothing), changed (name, status, tags, lists) and deleted.
 */
export async function contactRoutes(app: PluginApp, plugin: PluginContext): Promise<void> {
  app.get(
    '/contacts',
    {
      config: { capability: MANAGE },
      schema: { tags, summary: "The site's contacts, newest first", querystring: ContactQuery, response: { 200: ContactPage } },
    },
    async (request) => {
      const { db, account } = request.ctx;
      const { list, status, tag, search, limit, offset } = request.query;
      let query = marketingDb(db).selectFrom('marketing_contacts as c').where('c.account_id', '=', account.id);
      if (list !== undefined)
        query = query.where(({ exists, selectFrom }) =>
          exists(
            selectFrom('marketing_list_links as k')
              .select('k.contact_id')
              .whereRef('k.account_id', '=', 'c.account_id')
              .whereRef('k.contact_id', '=', 'c.id')
              .where('k.list_id', '=', list),
          ),
        );
      if (status !== undefined) query = query.where('c.status', '=', status as 0 | 1 | 2 | 3);
      if (tag !== undefined) query = query.where(sql<boolean>`${tag} = ANY(c.tags)`);
      if (search !== undefined && search.trim() !== '') {
        const pattern = containsPattern(search.trim());
        query = query.where((eb) => eb.or([eb('c.email', 'ilike', pattern), eb('c.name', 'ilike', pattern)]));
      }
      const rows = await query
        .select(CONTACT_COLUMNS.map((column) => `c.${column}` as const))
        .orderBy('c.created_at', 'desc')
        .orderBy('c.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
      const count = await query.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
      return { items: await present(db, account.id, rows as ContactRow[]), total: count.total };
    },
  );

  app.post(
    '/contacts',
    {
      config: { capability: MANAGE },
      schema: {
        tags,
        summary: 'Add a contact (or add lists and tags to the one with this address)',
        description:
          'The address is checked first (SPEC §7: its format, then its domain’s mail servers), counting one of the plan’s monthly ' +
          'e-mail verifications; 400 email_unverified {reason} creates nothing. 201 for a new contact, 200 when the site had it.',
        body: NewContact,
        response: { 200: ContactSchema, 201: ContactSchema },
      },
    },
    async (request, reply) => {
      const { db, account } = request.ctx;
      const { lists = [], tags: wanted = [], name = '' } = request.body;
      await assertLists(db, account.id, lists);
      await plugin.limits.consume({ db, account }, 'emailverifications');
      const check = await plugin.net.checkEmail(request.body.email);
      if (!check.valid) throw appError(Errors.emailUnverified, undefined, { reason: check.reason });
      const { contact, created } = await upsertContact(db, account.id, {
        email: check.address,
        name: name.trim(),
        tags: wanted,
        settings: { source: 'manual' },
        status: CONTACT_STATUS.active,
      });
      await link(db, account.id, [contact.id], lists);
      reply.code(created ? 201 : 200);
      const [view] = await present(db, account.id, [contact]);
      return view!;
    },
  );

  app.put(
    '/contacts/:id',
    {
      config: { capability: MANAGE },
      schema: {
        tags,
        summary: "Change a contact's name, status, tags, custom fields or lists",
        params: IdParams,
        body: ContactChanges,
        response: { 200: ContactSchema },
      },
    },
    async (request) => {
      const { db, account } = request.ctx;
      const { lists, tags: newTags, name, status, fields } = request.body;
      if (lists !== undefined) await assertLists(db, account.id, lists);
      const changed = await marketingDb(db)
        .updateTable('marketing_contacts')
        .set({
          ...(name === undefined ? {} : { name: name.trim() }),
          ...(status === undefined ? {} : { status }),
          ...(newTags === undefined ? {} : { tags: [...new Set(newTags)] }),
          ...(fields === undefined ? {} : { fields: JSON.stringify(fields) }),
          updated_at: new Date(),
        })
        .where('account_id', '=', account.id)
        .where('id', '=', request.params.id)
        .returning(CONTACT_COLUMNS)
        .executeTakeFirst();
      if (changed === undefined) throw appError(Errors.contactNotFound);
      if (lists !== undefined) {
        let unlink = marketingDb(db).deleteFrom('marketing_list_links').where('account_id', '=', account.id).where('contact_id', '=', changed.id);
        if (lists.length > 0) unlink = unlink.where('list_id', 'not in', lists);
        await unlink.execute();
        await link(db, account.id, [changed.id], lists);
      }
      const [view] = await present(db, account.id, [changed as ContactRow]);
      return view!;
    },
  );

  app.delete(
    '/contacts/:id',
    {
      config: { capability: MANAGE },
      schema: { tags, summary: 'Delete a contact (and its list links)', params: IdParams, response: { 200: Deleted } },
    },
    async (request) => removeById(request.ctx.db, 'marketing_contacts', request.ctx.account.id, request.params.id, Errors.contactNotFound),
  );
}

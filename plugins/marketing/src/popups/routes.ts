import { appError, type DbHandle, type PluginApp, type PluginContext, type PluginRequest, type PuckDocument } from '@lectern/sdk';
import { Deleted, removeById } from '../db/remove.js';
import { marketingDb } from '../db/tables.js';
import { Errors } from '../errors.js';
import { MANAGE } from '../manifest.js';
import { IdParams, NewPopup, Popup, PopupChanges, PopupList } from './schemas.js';
import { EMPTY_DOCUMENT, hasBlocks, listPopups, rulesOf, storedDocument } from './store.js';

const tags = ['marketing'];
const manage = { capability: MANAGE };

/** A published popup must show something. */
function checkPublishable(status: string, document: PuckDocument): void {
  if (status === 'published' && !hasBlocks(document)) throw appError(Errors.popupEmpty);
}

/**
 * Popups (issue 19 item 2) for the dashboard: a document from the visual editor and its display
 * rules. Every page of the site may carry a popup, so any change purges the site's cached pages.
 */
export async function popupRoutes(app: PluginApp, plugin: PluginContext): Promise<void> {
  const purgePages = (request: PluginRequest) => {
    const accountId = request.ctx.account.id;
    request.ctx.afterCommit(() => plugin.pageCache.purgeAccount(accountId));
  };
  const one = async (db: DbHandle, accountId: string, id: string) => {
    const [row] = await listPopups(db, accountId, id);
    if (row === undefined) throw appError(Errors.popupNotFound);
    return row;
  };

  app.get(
    '/popups',
    { config: manage, schema: { tags, summary: "The site's popups (up to 200, newest change first)", response: { 200: PopupList } } },
    async (request) => ({
      items: await listPopups(request.ctx.db, request.ctx.account.id),
    }),
  );

  app.get('/popups/:id', { config: manage, schema: { tags, summary: 'A popup', params: IdParams, response: { 200: Popup } } }, async (request) =>
    one(request.ctx.db, request.ctx.account.id, request.params.id),
  );

  app.post(
    '/popups',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Make a popup',
        description: 'Rules left out take their defaults (every page, after 5 seconds, once a visit, everyone). 400 popup_empty: published without a block.',
        body: NewPopup,
        response: { 201: Popup },
      },
    },
    async (request, reply) => {
      const { db, account } = request.ctx;
      const { name, status = 'draft', document = EMPTY_DOCUMENT, rules } = request.body;
      checkPublishable(status, document);
      const made = await marketingDb(db)
        .insertInto('marketing_popups')
        .values({ account_id: account.id, name: name.trim(), status, document: storedDocument(document), rules: JSON.stringify(rulesOf(rules)) })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (status === 'published') purgePages(request);
      reply.code(201);
      return one(db, account.id, made.id);
    },
  );

  app.put(
    '/popups/:id',
    { config: manage, schema: { tags, summary: 'Change a popup, publish it or take it down', params: IdParams, body: PopupChanges, response: { 200: Popup } } },
    async (request) => {
      const { db, account } = request.ctx;
      const popup = await one(db, account.id, request.params.id);
      const { name, status, document, rules } = request.body;
      checkPublishable(status ?? popup.status, document ?? popup.document);
      await marketingDb(db)
        .updateTable('marketing_popups')
        .set({
          ...(name === undefined ? {} : { name: name.trim() }),
          ...(status === undefined ? {} : { status }),
          ...(document === undefined ? {} : { document: storedDocument(document) }),
          ...(rules === undefined ? {} : { rules: JSON.stringify(rulesOf({ ...popup.rules, ...rules })) }),
          updated_at: new Date(),
        })
        .where('account_id', '=', account.id)
        .where('id', '=', popup.id)
        .execute();
      purgePages(request);
      return one(db, account.id, popup.id);
    },
  );

  app.delete('/popups/:id', { config: manage, schema: { tags, summary: 'Delete a popup', params: IdParams, response: { 200: Deleted } } }, async (request) => {
    purgePages(request);
    return removeById(request.ctx.db, 'marketing_popups', request.ctx.account.id, request.params.id, Errors.popupNotFound);
  });
}

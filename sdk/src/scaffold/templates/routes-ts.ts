import type { TemplateContext } from './context.js';

export function routesTs(_ctx: TemplateContext): string {
  return `import { AppError, Type, workScopeOf, type PluginApp, type PluginContext, type Static } from '@lectern/sdk';
import { Errors } from './errors.js';
import { CAPABILITY, ITEMS_TABLE, itemAdded } from './manifest.js';
import { tables } from './tables.js';

const Item = Type.Object({
  id: Type.String({ format: 'uuid' }),
  title: Type.String(),
  tag: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String({ format: 'date-time' }),
});
const ListQuery = Type.Object({ limit: Type.Integer({ minimum: 1, maximum: 100, default: 50 }) }, { additionalProperties: false });
const NewItem = Type.Object({ title: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false });
const COLUMNS = ['id', 'title', 'tag', 'created_at'] as const;

/** Each route declares who may call it and full schemas; handlers run in the account's transaction (row-level security). */
export async function routes(app: PluginApp, ctx: PluginContext): Promise<void> {
  const list = { querystring: ListQuery, response: { 200: Type.Object({ items: Type.Array(Item) }) } };
  app.get<{ Querystring: Static<typeof ListQuery> }>('/items', { config: { capability: CAPABILITY }, schema: list }, async (request) => {
    const items = await tables(request.ctx).selectFrom(ITEMS_TABLE).select(COLUMNS).orderBy('created_at').limit(request.query.limit).execute();
    return { items };
  });

  const create = { body: NewItem, response: { 201: Item } };
  app.post<{ Body: Static<typeof NewItem> }>('/items', { config: { capability: CAPABILITY }, schema: create }, async (request, reply) => {
    const { account, userId, db } = request.ctx;
    const insert = tables(db).insertInto(ITEMS_TABLE).values({ account_id: account.id, title: request.body.title }).returning(COLUMNS);
    const item = await insert.onConflict((c) => c.doNothing()).executeTakeFirst(); // nothing when the title is taken
    if (item === undefined) throw new AppError(Errors.titleTaken);
    // Recorded in this transaction: should the request fail later, the event is gone with it and no automation runs.
    await ctx.automation.raise(workScopeOf(request.ctx), itemAdded, { userId, payload: { itemId: item.id } });
    reply.code(201); // returned, not sent: the kernel sends it once the transaction commits
    return item;
  });
}
`;
}

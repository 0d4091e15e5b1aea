import type { TemplateContext } from './context.js';

export function routesTs(_ctx: TemplateContext): string {
  return `import { defineTables, sql, type Generated, type PluginApp } from '@lectern/sdk';
import { CAPABILITY, ITEMS_TABLE } from './manifest.js';

/** The plugin's tables, declared once: every query is typed from here, with no casts. */
interface Tables {
  [ITEMS_TABLE]: { account_id: string; id: Generated<string>; title: string; created_at: Generated<Date> };
}

/** Opens the request's transaction with the plugin's tables (plus the kernel's documented views). */
const tables = defineTables<Tables>();

/** A row as stored; created_at is serialised as an ISO date-time by the response schema. */
interface ItemRow {
  id: string;
  title: string;
  created_at: Date;
}

interface ListQuery {
  limit: number;
  offset: number;
}

interface NewItem {
  title: string;
}

const itemSchema = {
  type: 'object',
  required: ['id', 'title', 'created_at'],
  additionalProperties: false,
  properties: {
    id: { type: 'string', format: 'uuid' },
    title: { type: 'string' },
    created_at: { type: 'string', format: 'date-time' },
  },
} as const;

const listQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
    offset: { type: 'integer', minimum: 0, default: 0 },
  },
} as const;

const listResponseSchema = {
  type: 'object',
  required: ['items', 'total'],
  additionalProperties: false,
  properties: {
    items: { type: 'array', items: itemSchema },
    total: { type: 'integer' },
  },
} as const;

const newItemSchema = {
  type: 'object',
  required: ['title'],
  additionalProperties: false,
  properties: {
    title: { type: 'string', minLength: 1, maxLength: 200 },
  },
} as const;

/**
 * Every route declares who may call it (config.capability or config.public) and schemas for its
 * input and output; the kernel refuses to boot otherwise. Handlers run inside the account's
 * transaction: tables(request.ctx) only sees this account's rows (row-level security).
 */
export async function routes(app: PluginApp): Promise<void> {
  app.get<{ Querystring: ListQuery; Reply: { items: ItemRow[]; total: number } }>(
    '/items',
    {
      config: { capability: CAPABILITY },
      schema: { querystring: listQuerySchema, response: { 200: listResponseSchema } },
    },
    async (request) => {
      const db = tables(request.ctx);
      const { account } = request.ctx;
      const { limit, offset } = request.query;
      const items = await db
        .selectFrom(ITEMS_TABLE)
        .select(['id', 'title', 'created_at'])
        .where('account_id', '=', account.id)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(limit)
        .offset(offset)
        .execute();
      const { total } = await db
        .selectFrom(ITEMS_TABLE)
        .select(sql<number>\`count(*)::int\`.as('total'))
        .where('account_id', '=', account.id)
        .executeTakeFirstOrThrow();
      return { items, total };
    },
  );

  app.post<{ Body: NewItem; Reply: ItemRow }>(
    '/items',
    {
      config: { capability: CAPABILITY },
      schema: { body: newItemSchema, response: { 201: itemSchema } },
    },
    async (request, reply) => {
      const { account } = request.ctx;
      const item = await tables(request.ctx)
        .insertInto(ITEMS_TABLE)
        .values({ account_id: account.id, title: request.body.title })
        .returning(['id', 'title', 'created_at'])
        .executeTakeFirstOrThrow();
      // Return the item rather than reply.send() it: the kernel sends it after the transaction commits.
      reply.code(201);
      return item;
    },
  );
}
`;
}

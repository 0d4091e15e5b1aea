import {
  paged,
  PagingFields,
  PlatformBillingToken,
  sql,
  StringEnum,
  Type,
  type DbHandle,
  type PluginApp,
  type PluginContext,
  type PluginRequest,
  type Static,
} from '@lectern/sdk';
import { stringify } from 'csv-stringify/sync';
import { DateTime, Uuid } from '../common-schemas.js';
import { shopDb } from '../db/tables.js';
import { MANAGE } from '../manifest.js';

const tags = ['ecommerce'];
const Status = StringEnum(['active', 'past_due', 'ended']);
const Filters = {
  status: Type.Optional(Status),
  search: Type.Optional(Type.String({ maxLength: 200, description: "Part of the buyer's e-mail or name, or of the product's title" })),
};
const SubscriptionsQuery = Type.Object({ ...PagingFields, ...Filters }, { additionalProperties: false });
const ExportQuery = Type.Object(Filters, { additionalProperties: false });

const SubscriptionSchema = Type.Object(
  {
    id: Uuid,
    status: Status,
    product_id: Uuid,
    product_title: Type.String(),
    email: Type.String(),
    name: Type.String(),
    provider: Type.String(),
    provider_subscription_id: Type.Union([Type.String(), Type.Null()]),
    current_period_end: Type.Union([DateTime, Type.Null()]),
    created_at: DateTime,
    ended_at: Type.Union([DateTime, Type.Null()]),
    order_id: Uuid,
    site: Type.Union([Type.Object({ id: Uuid, name: Type.String(), slug: Type.String() }), Type.Null()], {
      description: "On the platform's shop: the site a plan's subscription pays for",
    }),
  },
  { additionalProperties: false },
);
const SubscriptionList = Type.Object({ count: Type.Integer(), items: Type.Array(SubscriptionSchema) }, { additionalProperties: false });
export type SubscriptionWire = Static<typeof SubscriptionSchema>;
export type SubscriptionListWire = Static<typeof SubscriptionList>;
const CsvAnswer = { 200: { description: 'text/csv: a header row, then one row per subscription' } } as const;

type Filter = Static<typeof ExportQuery>;
interface SiteName {
  id: string;
  name: string;
  slug: string;
}

function filtered(anyDb: DbHandle, accountId: string, filter: Filter) {
  let query = shopDb(anyDb)
    .selectFrom('ecommerce_subscriptions as s')
    .innerJoin('ecommerce_orders as o', (join) => join.onRef('o.account_id', '=', 's.account_id').onRef('o.id', '=', 's.order_id'))
    .innerJoin('ecommerce_products as p', (join) => join.onRef('p.account_id', '=', 's.account_id').onRef('p.id', '=', 's.product_id'))
    .where('s.account_id', '=', accountId);
  if (filter.status !== undefined) query = query.where('s.status', '=', filter.status);
  const search = filter.search?.trim().toLowerCase() ?? '';
  if (search !== '')
    query = query.where(sql<boolean>`(strpos(lower(o.email), ${search}) > 0 OR strpos(lower(o.name), ${search}) > 0 OR strpos(lower(p.title), ${search}) > 0)`);
  return query;
}

const COLUMNS = [
  's.id',
  's.status',
  's.product_id',
  'p.title as product_title',
  'o.email',
  'o.name',
  's.provider',
  's.provider_subscription_id',
  's.current_period_end',
  's.created_at',
  's.ended_at',
  's.order_id',
  'o.billed_site_id',
] as const;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * The sites plans pay for, named through the kernel's platform billing (system access in the
 * request's transaction); every other shop's subscriptions name none.
 */
async function withSites(plugin: PluginContext, request: PluginRequest, rows: Array<{ billed_site_id: string | null }>): Promise<Map<string, SiteName>> {
  const ids = rows.map((row) => row.billed_site_id).filter((id): id is string => id !== null);
  const billing = ids.length === 0 ? undefined : plugin.resolveOptional(PlatformBillingToken);
  const sites = billing === undefined ? [] : await request.ctx.withSystem('ecommerce: the sites plans pay for', (db) => billing.siteNames(db, ids));
  return new Map(sites.map((site) => [site.id, site]));
}

/**
 * The shop's subscriptions for its managers: newest first, filtered by status and text, with the
 * buyer, the product and (on the platform's own shop) the site a plan pays for; CSV too.
 */
export async function subscriptionRoutes(app: PluginApp, plugin: PluginContext): Promise<void> {
  app.get(
    '/subscriptions',
    {
      config: { capability: MANAGE },
      schema: {
        tags,
        summary: 'Subscriptions, newest first, filtered by status and text',
        querystring: SubscriptionsQuery,
        response: { 200: SubscriptionList },
      },
    },
    async (request) => {
      const { offset, limit, ...filter } = request.query;
      const page = paged({ offset, limit });
      const base = filtered(request.ctx.db, request.ctx.account.id, filter);
      const [rows, counted] = await Promise.all([
        base
          .select([...COLUMNS])
          .orderBy('s.created_at', 'desc')
          .orderBy('s.id')
          .offset(page.offset)
          .limit(page.limit)
          .execute(),
        base.select(sql<number>`count(*)::int`.as('count')).executeTakeFirstOrThrow(),
      ]);
      const sites = await withSites(plugin, request, rows);
      return {
        count: counted.count,
        items: rows.map(({ billed_site_id: siteId, ...row }) => ({
          ...row,
          current_period_end: iso(row.current_period_end),
          created_at: iso(row.created_at) as string,
          ended_at: iso(row.ended_at),
          site: siteId === null ? null : (sites.get(siteId) ?? null),
        })),
      };
    },
  );

  app.get(
    '/subscriptions/export.csv',
    {
      config: { capability: MANAGE },
      schema: { tags, summary: 'Subscriptions as CSV (the list’s filters; up to 10,000 rows)', querystring: ExportQuery, response: CsvAnswer },
    },
    async (request, reply) => {
      const rows = await filtered(request.ctx.db, request.ctx.account.id, request.query)
        .select([...COLUMNS])
        .orderBy('s.created_at', 'desc')
        .orderBy('s.id')
        .limit(10_000)
        .execute();
      const sites = await withSites(plugin, request, rows);
      const header = ['created_at', 'status', 'product', 'email', 'name', 'site', 'provider', 'provider_subscription_id', 'current_period_end', 'ended_at'];
      const cells = rows.map((row) => [
        iso(row.created_at) ?? '',
        row.status,
        row.product_title,
        row.email,
        row.name,
        row.billed_site_id === null ? '' : (sites.get(row.billed_site_id)?.slug ?? row.billed_site_id),
        row.provider,
        row.provider_subscription_id ?? '',
        iso(row.current_period_end) ?? '',
        iso(row.ended_at) ?? '',
      ]);
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', 'attachment; filename="subscriptions.csv"');
      return stringify([header, ...cells], { escape_formulas: true, record_delimiter: 'windows' });
    },
  );
}

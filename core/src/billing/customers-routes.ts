import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { stringify } from 'csv-stringify/sync';
import { sql } from 'kysely';
import type { AnyDb } from '../db/database.js';
import { PLATFORM_ADMIN } from '../http/platform-admin.js';
import { typed } from '../http/typed-app.js';
import { iso, likePattern } from '../platform/account-service.js';
import { LIST_LIMIT } from '../platform/schemas.js';
import { IdParams, NullableTimestamp, StringEnum, Timestamp, paged, type Wire } from '../schema/kit.js';
import { limitsOf, measureUsage, usageWire } from '../dashboard-data/billing-routes.js';
import { AccountUsageSchema, Limits } from '../dashboard-data/schemas.js';
import { AppError, Errors } from '../errors/errors.js';
import { ownerMembers } from './platform-billing.js';
import { BILLING_STATUSES, suspensionDate } from './state.js';
import { HISTORY_DEFAULT_MONTHS, HistoryQuery, UsageMonth, usageHistory } from './usage-history.js';

const tags = ['platform'];
/** A CSV export holds at most this many customers (a platform with more filters first). */
const CSV_MAX = 10_000;

const Filters = {
  search: Type.Optional(Type.String({ maxLength: 200, description: "Part of the site's name or address, or of its owner's e-mail" })),
  status: Type.Optional(StringEnum([...BILLING_STATUSES])),
  plan: Type.Optional(Type.String({ maxLength: 40 })),
};
const CustomersQuery = Type.Object(
  {
    ...Filters,
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: LIST_LIMIT })),
    offset: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
  },
  { additionalProperties: false },
);
const CsvQuery = Type.Object(Filters, { additionalProperties: false });

const Customer = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    slug: Type.String(),
    name: Type.String(),
    plan: Type.String(),
    billing_status: StringEnum([...BILLING_STATUSES]),
    trial_ends_at: NullableTimestamp,
    paid_until: NullableTimestamp,
    suspends_on: NullableTimestamp,
    owner_name: Type.Union([Type.String(), Type.Null()]),
    owner_email: Type.Union([Type.String(), Type.Null()]),
    created_at: Timestamp,
  },
  { additionalProperties: false },
);
const CustomerUsage = Type.Object(
  {
    account: Type.Object(
      { id: Type.String({ format: 'uuid' }), slug: Type.String(), name: Type.String(), plan: Type.String(), billing_status: StringEnum([...BILLING_STATUSES]) },
      { additionalProperties: false },
    ),
    limits: Limits,
    usage: AccountUsageSchema,
    months: Type.Array(UsageMonth, { description: 'Monthly meters, oldest first, this month last' }),
  },
  { additionalProperties: false },
);
const CustomersCsv = { 200: { description: 'text/csv: a header row, then one row per customer' } } as const;
const CustomerList = Type.Object({ customers: Type.Array(Customer), total: Type.Integer() }, { additionalProperties: false });

export type CustomerWire = Static<typeof Customer>;
/** GET /api/platform/billing/customers/{id}/usage, as the super-admin's usage view receives it. */
export type CustomerUsageWire = Wire<Static<typeof CustomerUsage>>;
/** GET /api/platform/billing/customers, as the super-admin's screen receives it. */
export type CustomerListWire = Wire<Static<typeof CustomerList>>;

interface CustomerRow {
  id: string;
  slug: string;
  name: string;
  plan: string;
  billing_status: string;
  trial_ends_at: Date | string | null;
  billing_paid_until: Date | string | null;
  billing_lapsed_at: Date | string | null;
  owner_name: string | null;
  owner_email: string | null;
  created_at: Date | string;
  total: number;
}

/** The platform's customers: every site but the platform's own, with its standing and its first owner, newest first. */
function customersQuery(db: AnyDb, filter: Static<typeof CsvQuery>) {
  const owner = ownerMembers(db)
    .select(['m.account_id', 'm.name', 'm.email'])
    .distinctOn('m.account_id')
    .orderBy('m.account_id')
    .orderBy('m.created_at')
    .as('o');
  let query = db.selectFrom('accounts as a').leftJoin(owner, 'o.account_id', 'a.id').where('a.is_platform', '=', false);
  if (filter.search !== undefined && filter.search.trim() !== '') {
    const pattern = likePattern(filter.search.trim());
    query = query.where((eb) => eb.or([eb('a.slug', 'ilike', pattern), eb('a.name', 'ilike', pattern), eb('o.email', 'ilike', pattern)]));
  }
  if (filter.status !== undefined) query = query.where('a.billing_status', '=', filter.status);
  if (filter.plan !== undefined) query = query.where('a.plan', '=', filter.plan);
  return query.select([
    'a.id',
    'a.slug',
    'a.name',
    'a.plan',
    'a.billing_status',
    'a.trial_ends_at',
    'a.billing_paid_until',
    'a.billing_lapsed_at',
    'o.name as owner_name',
    'o.email as owner_email',
    'a.created_at',
  ]);
}

function present(row: CustomerRow): CustomerWire {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    plan: row.plan,
    billing_status: row.billing_status as CustomerWire['billing_status'],
    trial_ends_at: row.trial_ends_at === null ? null : iso(row.trial_ends_at),
    paid_until: row.billing_paid_until === null ? null : iso(row.billing_paid_until),
    suspends_on: row.billing_lapsed_at === null ? null : suspensionDate(row.billing_lapsed_at).toISOString(),
    owner_name: row.owner_name,
    owner_email: row.owner_email,
    created_at: iso(row.created_at),
  };
}

const CSV_COLUMNS: Array<keyof CustomerWire> = [
  'name',
  'slug',
  'plan',
  'billing_status',
  'trial_ends_at',
  'paid_until',
  'suspends_on',
  'owner_name',
  'owner_email',
  'created_at',
];

/** /dashboard/billing/customers: who the platform bills and where each stands (search, filters, paging, CSV). */
export async function customerRoutes(server: FastifyInstance): Promise<void> {
  const app = typed(server);
  app.get(
    '/api/platform/billing/customers',
    {
      config: PLATFORM_ADMIN,
      schema: {
        tags,
        summary: "The platform's customers: each site with its plan, its standing with the bill and its owner",
        querystring: CustomersQuery,
        response: { 200: CustomerList },
      },
    },
    async (request) =>
      request.ctx.withSystem('platform: list billing customers', async (db) => {
        const page = paged(request.query, LIST_LIMIT);
        const query = customersQuery(db, request.query);
        const rows = (await query
          .select(sql<number>`count(*) over ()::int`.as('total'))
          .orderBy('a.created_at', 'desc')
          .orderBy('a.id')
          .limit(page.limit)
          .offset(page.offset)
          .execute()) as CustomerRow[];
        let total = rows[0]?.total ?? 0;
        // A page past the end has no row to carry the window count.
        if (rows.length === 0 && page.offset > 0)
          total = Number(
            (
              await query
                .clearSelect()
                .select(sql<number>`count(*)::int`.as('n'))
                .executeTakeFirst()
            )?.n ?? 0,
          );
        return { customers: rows.map(present), total };
      }),
  );

  app.get(
    '/api/platform/billing/customers.csv',
    {
      config: PLATFORM_ADMIN,
      schema: { tags, summary: "The platform's customers as CSV (the list's filters; up to 10,000 rows)", querystring: CsvQuery, response: CustomersCsv },
    },
    async (request, reply) => {
      const rows = (await request.ctx.withSystem('platform: export billing customers', (db) =>
        customersQuery(db, request.query).orderBy('a.created_at', 'desc').orderBy('a.id').limit(CSV_MAX).execute(),
      )) as CustomerRow[];
      const cells = rows.map(present).map((customer) => CSV_COLUMNS.map((column) => String(customer[column] ?? '')));
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', 'attachment; filename="customers.csv"');
      // Cells a spreadsheet could run as formulas (a name starting with =) are escaped.
      return stringify([CSV_COLUMNS, ...cells], { escape_formulas: true, record_delimiter: 'windows' });
    },
  );

  app.get(
    '/api/platform/billing/customers/:id/usage',
    {
      config: PLATFORM_ADMIN,
      schema: {
        tags,
        summary: "One customer's usage: what the site holds now and its monthly meters, against its plan's limits",
        params: IdParams,
        querystring: HistoryQuery,
        response: { 200: CustomerUsage },
      },
    },
    async (request) =>
      request.ctx.withSystem('platform: read a customer usage', async (db) => {
        const account = await db
          .selectFrom('accounts')
          .select(['id', 'slug', 'name', 'plan', 'billing_status'])
          .where('id', '=', request.params.id)
          .where('is_platform', '=', false)
          .executeTakeFirst();
        if (account === undefined) throw new AppError(Errors.notFound, 'No such customer');
        // One connection (a transaction on the embedded database): one query after the other.
        const usage = await measureUsage(db, account.id);
        const months = await usageHistory(db, account.id, request.query.months ?? HISTORY_DEFAULT_MONTHS);
        return {
          account: { ...account, billing_status: account.billing_status as CustomerWire['billing_status'] },
          limits: limitsOf(account.plan),
          usage: usageWire(usage),
          months,
        };
      }),
  );
}

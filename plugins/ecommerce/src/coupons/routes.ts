import { appError, Errors, type PluginApp } from '@lectern/sdk';
import { MANAGE } from '../manifest.js';
import { createCoupon, deleteCoupon, listCoupons, updateCoupon, type CouponInput } from './crud.js';

const tags = ['ecommerce'];
const Uuid = { type: 'string', format: 'uuid' } as const;
const DateOrNull = { anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }] } as const;

const CouponSchema = {
  type: 'object',
  required: ['id', 'name', 'usage_limit', 'usage_count', 'date_start', 'date_end', 'per_user_limit', 'discount_type', 'coupon_amount', 'created_at'],
  additionalProperties: false,
  properties: {
    id: Uuid,
    name: { type: 'string' },
    usage_limit: { type: 'integer' },
    usage_count: { type: 'integer' },
    date_start: DateOrNull,
    date_end: DateOrNull,
    per_user_limit: { type: 'integer' },
    discount_type: { type: 'string', enum: ['flat', 'percentage'] },
    coupon_amount: { type: 'number' },
    created_at: { type: 'string', format: 'date-time' },
  },
} as const;

const CouponInputSchema = {
  type: 'object',
  required: ['name', 'discount_type', 'coupon_amount'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 60, pattern: '^\\S+$', description: 'What buyers type (no spaces)' },
    usage_limit: { type: 'integer', minimum: 0, maximum: 1_000_000_000, description: '0: no limit' },
    date_start: DateOrNull,
    date_end: DateOrNull,
    per_user_limit: { type: 'integer', minimum: 0, maximum: 1_000_000, description: '0: no limit' },
    discount_type: { type: 'string', enum: ['flat', 'percentage'] },
    coupon_amount: { type: 'number', minimum: 0, maximum: 1_000_000_000_000, description: 'Flat: minor units of the site currency; percentage: 0–100' },
  },
} as const;

const ListQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    offset: { type: 'integer', minimum: 0, default: 0 },
    limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
    search: { type: 'string', maxLength: 60, default: '' },
  },
} as const;

const IdParams = { type: 'object', required: ['id'], additionalProperties: false, properties: { id: Uuid } } as const;
const config = { capability: MANAGE };

/** Rules the schema cannot say: a percentage is at most 100, the window ends after it starts. */
function checkTerms(input: CouponInput): string | null {
  // The schema's date-time format admits a leap second (…:60Z) that no date can hold.
  for (const field of ['date_start', 'date_end'] as const) {
    const value = input[field];
    if (typeof value === 'string' && Number.isNaN(Date.parse(value))) return `${field} is not a date`;
  }
  if (input.discount_type === 'percentage' && input.coupon_amount > 100) return 'A percentage discount is at most 100';
  if (input.discount_type === 'flat' && !Number.isInteger(input.coupon_amount)) return 'A flat discount is a whole number of minor units';
  if (input.date_start && input.date_end && Date.parse(input.date_end) < Date.parse(input.date_start)) return 'date_end is before date_start';
  return null;
}

/** The manager's coupons (SPEC §3 Coupon). Applying one is the cart's quote (cart/routes.ts). */
export async function couponRoutes(app: PluginApp): Promise<void> {
  const validated = (input: CouponInput) => {
    const problem = checkTerms(input);
    if (problem !== null) throw appError(Errors.validation, problem);
  };

  app.get<{ Querystring: { offset: number; limit: number; search: string } }>(
    '/coupons',
    {
      config,
      schema: {
        tags,
        summary: 'Coupons, newest first',
        querystring: ListQuery,
        response: {
          200: { type: 'object', required: ['count', 'items'], properties: { count: { type: 'integer' }, items: { type: 'array', items: CouponSchema } } },
        },
      },
    },
    async (request) => listCoupons(request.ctx.db, request.ctx.account.id, request.query.offset, request.query.limit, request.query.search),
  );

  app.post<{ Body: CouponInput }>(
    '/coupons',
    { config, schema: { tags, summary: 'Create a coupon', body: CouponInputSchema, response: { 201: CouponSchema } } },
    async (request, reply) => {
      validated(request.body);
      reply.code(201);
      return createCoupon(request.ctx.db, request.ctx.account.id, request.body);
    },
  );

  app.put<{ Params: { id: string }; Body: CouponInput }>(
    '/coupons/:id',
    {
      config,
      schema: { tags, summary: "Replace a coupon's terms (its usage count stays)", params: IdParams, body: CouponInputSchema, response: { 200: CouponSchema } },
    },
    async (request) => {
      validated(request.body);
      return updateCoupon(request.ctx.db, request.ctx.account.id, request.params.id, request.body);
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/coupons/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Delete a coupon (orders keep its name)',
        params: IdParams,
        response: { 200: { type: 'object', required: ['deleted'], properties: { deleted: { type: 'boolean' } } } },
      },
    },
    async (request) => {
      await deleteCoupon(request.ctx.db, request.ctx.account.id, request.params.id);
      return { deleted: true };
    },
  );
}

import { paged, appError, Errors, type PluginApp } from '@lectern/sdk';
import { MANAGE } from '../manifest.js';
import { createCoupon, deleteCoupon, listCoupons, updateCoupon } from './crud.js';
import { CouponDeleted, CouponInput, CouponList, CouponListQuery, CouponSchema, IdParams, type CouponInputWire } from './schemas.js';

const tags = ['ecommerce'];
const config = { capability: MANAGE };

/** Rules the schema cannot say: a percentage is at most 100, the window ends after it starts. */
function checkTerms(input: CouponInputWire): string | null {
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
  const validated = (input: CouponInputWire) => {
    const problem = checkTerms(input);
    if (problem !== null) throw appError(Errors.validation, problem);
  };

  app.get(
    '/coupons',
    {
      config,
      schema: {
        tags,
        summary: 'Coupons, newest first',
        querystring: CouponListQuery,
        response: { 200: CouponList },
      },
    },
    async (request) => {
      const { offset, limit } = paged(request.query);
      return listCoupons(request.ctx.db, request.ctx.account.id, offset, limit, request.query.search ?? '');
    },
  );

  app.post('/coupons', { config, schema: { tags, summary: 'Create a coupon', body: CouponInput, response: { 201: CouponSchema } } }, async (request, reply) => {
    validated(request.body);
    reply.code(201);
    return createCoupon(request.ctx.db, request.ctx.account.id, request.body);
  });

  app.put(
    '/coupons/:id',
    {
      config,
      schema: { tags, summary: "Replace a coupon's terms (its usage count stays)", params: IdParams, body: CouponInput, response: { 200: CouponSchema } },
    },
    async (request) => {
      validated(request.body);
      return updateCoupon(request.ctx.db, request.ctx.account.id, request.params.id, request.body);
    },
  );

  app.delete(
    '/coupons/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Delete a coupon (orders keep its name)',
        params: IdParams,
        response: { 200: CouponDeleted },
      },
    },
    async (request) => {
      await deleteCoupon(request.ctx.db, request.ctx.account.id, request.params.id);
      return { deleted: true };
    },
  );
}

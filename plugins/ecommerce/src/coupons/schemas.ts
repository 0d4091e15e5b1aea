import { Type, type Static, StringEnum, PagingFields } from '@lectern/sdk';
import { DateTime, Uuid } from '../common-schemas.js';

/** TypeBox schemas of the manager's coupon API (SPEC §3 Coupon). */
export { IdParams } from '../common-schemas.js';

const DateOrNull = Type.Union([DateTime, Type.Null()]);
const DiscountType = StringEnum(['flat', 'percentage']);

export const CouponSchema = Type.Object(
  {
    id: Uuid,
    name: Type.String(),
    usage_limit: Type.Integer(),
    usage_count: Type.Integer(),
    date_start: DateOrNull,
    date_end: DateOrNull,
    per_user_limit: Type.Integer(),
    discount_type: DiscountType,
    coupon_amount: Type.Number(),
    created_at: DateTime,
  },
  { additionalProperties: false },
);

export const CouponInput = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 60, pattern: '^\\S+$', description: 'What buyers type (no spaces)' }),
    usage_limit: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000_000, description: '0: no limit' })),
    date_start: Type.Optional(DateOrNull),
    date_end: Type.Optional(DateOrNull),
    per_user_limit: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, description: '0: no limit' })),
    discount_type: DiscountType,
    coupon_amount: Type.Number({ minimum: 0, maximum: 1_000_000_000_000, description: 'Flat: minor units of the site currency; percentage: 0–100' }),
  },
  { additionalProperties: false },
);

export const CouponListQuery = Type.Object(
  { ...PagingFields, search: Type.Optional(Type.String({ maxLength: 60, default: '' })) },
  { additionalProperties: false },
);

export const CouponList = Type.Object({ count: Type.Integer(), items: Type.Array(CouponSchema) });

export const CouponDeleted = Type.Object({ deleted: Type.Boolean() });

/** Wire types: what the browser sends and receives, derived from the schemas above (never copied). */
export type CouponWire = Static<typeof CouponSchema>;
export type CouponInputWire = Static<typeof CouponInput>;
export type DiscountTypeWire = Static<typeof DiscountType>;

import { Type, type Static, StringEnum } from '@lectern/sdk';
import { DateTime, Uuid } from '../common-schemas.js';

/** TypeBox schemas of the product API (SPEC §3 Product: metadata.price, featured image, cross list). */
export { IdParams } from '../common-schemas.js';

const PriceType = StringEnum(['onetime', 'subscription']);
const ProductStatus = StringEnum(['draft', 'published']);
const DurationParameter = StringEnum(['day', 'week', 'month', 'year']);

export const Duration = Type.Object({ value: Type.Integer({ minimum: 1, maximum: 1000 }), parameter: DurationParameter }, { additionalProperties: false });

export const Price = Type.Object(
  {
    type: PriceType,
    amount: Type.Integer({ minimum: 0, maximum: 1_000_000_000_000, description: 'Minor units of the site currency' }),
    duration: Type.Optional(Type.Union([Duration, Type.Null()], { description: 'Subscriptions: renews every value × parameter' })),
  },
  { additionalProperties: false },
);

/** A sale: the lower price (minor units) a one-time product sells for until `ends_at` (null: until it is taken off). */
export const Sale = Type.Object(
  {
    amount: Type.Integer({ minimum: 0, maximum: 1_000_000_000_000, description: 'Minor units, lower than the regular price' }),
    ends_at: Type.Union([DateTime, Type.Null()], { description: 'When the sale price stops; null: no end' }),
  },
  { additionalProperties: false },
);

export const SaleInput = Type.Object(
  {
    amount: Type.Integer({ minimum: 0, maximum: 1_000_000_000_000, description: 'Minor units, lower than the regular price' }),
    ends_at: Type.Optional(
      Type.Union([Type.String({ format: 'date-time', maxLength: 40 }), Type.Null()], { description: 'In the future; null or absent: no end' }),
    ),
  },
  { additionalProperties: false },
);

export const ProductSchema = Type.Object(
  {
    id: Uuid,
    account_id: Uuid,
    title: Type.String(),
    description: Type.String(),
    status: ProductStatus,
    metadata: Type.Object(
      {
        price: Price,
        sale: Type.Union([Sale, Type.Null()], { description: 'The sale while it is on; null when there is none or it has ended' }),
        featured_image: Type.String(),
        cross: Type.Array(Uuid),
      },
      { additionalProperties: false },
    ),
    course_id: Type.Union([Uuid, Type.Null()]),
    membership_id: Type.Union([Uuid, Type.Null()]),
    created_at: DateTime,
    updated_at: DateTime,
  },
  { additionalProperties: false },
);

export const ProductInput = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
    description: Type.Optional(Type.String({ maxLength: 20_000 })),
    status: Type.Optional(ProductStatus),
    price: Price,
    sale: Type.Optional(Type.Union([SaleInput, Type.Null()], { description: 'One-time products only; null or absent: not on sale' })),
    featured_image: Type.Optional(Type.String({ maxLength: 2048 })),
    cross: Type.Optional(Type.Array(Uuid, { maxItems: 12, uniqueItems: true })),
    course_id: Type.Optional(Type.Union([Uuid, Type.Null()])),
    membership_id: Type.Optional(Type.Union([Uuid, Type.Null()])),
  },
  { additionalProperties: false },
);

/** What the validator fills in for a list query's missing `from`, `sort` and `status`. */
export const PRODUCT_LIST_DEFAULTS = { from: 0, sort: 'created_at.desc', status: 'published' } as const;

/** SPEC §7 products list: exact count, ids, search, page range, sort. */
export const ProductListQuery = Type.Object(
  {
    ids: Type.Optional(Type.Array(Uuid, { maxItems: 100, description: 'Only these products (repeat the parameter: ids=a&ids=b)' })),
    search: Type.Optional(Type.String({ maxLength: 200 })),
    from: Type.Optional(Type.Integer({ minimum: 0, default: PRODUCT_LIST_DEFAULTS.from, description: 'First row (0-based) of the page range' })),
    to: Type.Optional(Type.Integer({ minimum: 0, description: 'Last row (inclusive); at most 100 rows per page' })),
    sort: Type.Optional(
      StringEnum(['created_at.desc', 'created_at.asc', 'title.asc', 'title.desc', 'amount.asc', 'amount.desc'], { default: PRODUCT_LIST_DEFAULTS.sort }),
    ),
    status: Type.Optional(
      StringEnum(['published', 'all'], {
        default: PRODUCT_LIST_DEFAULTS.status,
        description: "'all' (drafts too) needs manage_options",
      }),
    ),
  },
  { additionalProperties: false },
);

export const ProductList = Type.Object({ count: Type.Integer(), items: Type.Array(ProductSchema) }, { additionalProperties: false });

export const Deleted = Type.Object({ deleted: Type.Boolean() }, { additionalProperties: false });

/** Wire types: what the browser sends and receives, derived from the schemas above (never copied). */
export type ProductWire = Static<typeof ProductSchema>;
export type ProductInputWire = Static<typeof ProductInput>;
export type ProductListQueryWire = Static<typeof ProductListQuery>;
export type ProductStatusWire = Static<typeof ProductStatus>;
export type PriceTypeWire = Static<typeof PriceType>;
export type DurationWire = Static<typeof Duration>;
export type SaleWire = Static<typeof Sale>;
export type DurationParameterWire = Static<typeof DurationParameter>;
/** A list query once its defaults are filled in (what the store pages by). */
export type ProductPageQuery = Omit<ProductListQueryWire, keyof typeof PRODUCT_LIST_DEFAULTS> &
  Required<Pick<ProductListQueryWire, keyof typeof PRODUCT_LIST_DEFAULTS>>;

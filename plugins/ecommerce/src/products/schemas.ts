/** JSON schemas of the product API (SPEC §3 Product: metadata.price, featured image, cross list). */
const Uuid = { type: 'string', format: 'uuid' } as const;

export const Duration = {
  type: 'object',
  required: ['value', 'parameter'],
  additionalProperties: false,
  properties: { value: { type: 'integer', minimum: 1, maximum: 1000 }, parameter: { type: 'string', enum: ['day', 'week', 'month', 'year'] } },
} as const;

export const Price = {
  type: 'object',
  required: ['type', 'amount'],
  additionalProperties: false,
  properties: {
    type: { type: 'string', enum: ['onetime', 'subscription'] },
    amount: { type: 'integer', minimum: 0, maximum: 1_000_000_000_000, description: 'Minor units of the site currency' },
    duration: { anyOf: [Duration, { type: 'null' }], description: 'Subscriptions: renews every value × parameter' },
  },
} as const;

export const ProductSchema = {
  type: 'object',
  required: ['id', 'account_id', 'title', 'description', 'status', 'metadata', 'course_id', 'membership_id', 'created_at', 'updated_at'],
  additionalProperties: false,
  properties: {
    id: Uuid,
    account_id: Uuid,
    title: { type: 'string' },
    description: { type: 'string' },
    status: { type: 'string', enum: ['draft', 'published'] },
    metadata: {
      type: 'object',
      required: ['price', 'featured_image', 'cross'],
      additionalProperties: false,
      properties: { price: Price, featured_image: { type: 'string' }, cross: { type: 'array', items: Uuid } },
    },
    course_id: { anyOf: [Uuid, { type: 'null' }] },
    membership_id: { anyOf: [Uuid, { type: 'null' }] },
    created_at: { type: 'string', format: 'date-time' },
    updated_at: { type: 'string', format: 'date-time' },
  },
} as const;

export const ProductInput = {
  type: 'object',
  required: ['title', 'price'],
  additionalProperties: false,
  properties: {
    title: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' },
    description: { type: 'string', maxLength: 20_000 },
    status: { type: 'string', enum: ['draft', 'published'] },
    price: Price,
    featured_image: { type: 'string', maxLength: 2048 },
    cross: { type: 'array', items: Uuid, maxItems: 12, uniqueItems: true },
    course_id: { anyOf: [Uuid, { type: 'null' }] },
    membership_id: { anyOf: [Uuid, { type: 'null' }] },
  },
} as const;

/** SPEC §7 products list: exact count, ids, search, page range, sort. */
export const ProductListQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ids: { type: 'array', items: Uuid, maxItems: 100, description: 'Only these products (repeat the parameter: ids=a&ids=b)' },
    search: { type: 'string', maxLength: 200 },
    from: { type: 'integer', minimum: 0, default: 0, description: 'First row (0-based) of the page range' },
    to: { type: 'integer', minimum: 0, description: 'Last row (inclusive); at most 100 rows per page' },
    sort: { type: 'string', enum: ['created_at.desc', 'created_at.asc', 'title.asc', 'title.desc', 'amount.asc', 'amount.desc'], default: 'created_at.desc' },
    status: { type: 'string', enum: ['published', 'all'], default: 'published', description: "'all' (drafts too) needs manage_options" },
  },
} as const;

export const ProductList = {
  type: 'object',
  required: ['count', 'items'],
  additionalProperties: false,
  properties: { count: { type: 'integer' }, items: { type: 'array', items: ProductSchema } },
} as const;

export const IdParams = { type: 'object', required: ['id'], additionalProperties: false, properties: { id: Uuid } } as const;

export const Deleted = { type: 'object', required: ['deleted'], additionalProperties: false, properties: { deleted: { type: 'boolean' } } } as const;

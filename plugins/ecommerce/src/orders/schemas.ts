import { Type } from '@lectern/sdk';
import { CartItem, MAX_CART_ITEMS, OrderLineSchema } from '../cart/schemas.js';

const Uuid = { type: 'string', format: 'uuid' } as const;
export const STATUSES = ['pending', 'paid', 'refunded', 'cancelled', 'failed'] as const;
export const PROVIDERS = ['offline', 'paypal', 'stripe', 'razorpay'] as const;

export const OrderSchema = {
  type: 'object',
  required: [
    'id',
    'order_id',
    'user_id',
    'email',
    'name',
    'country',
    'coupon',
    'items',
    'subtotal',
    'discount',
    'total_amount',
    'refunded_amount',
    'currency',
    'status',
    'provider',
    'created_at',
    'paid_at',
    'renews_subscription_id',
  ],
  additionalProperties: false,
  properties: {
    id: Uuid,
    order_id: { type: 'string', description: 'The order number buyers quote' },
    user_id: Uuid,
    email: { type: 'string' },
    name: { type: 'string' },
    country: { anyOf: [{ type: 'string' }, { type: 'null' }] },
    coupon: { anyOf: [{ type: 'string' }, { type: 'null' }] },
    items: { type: 'array', items: OrderLineSchema },
    subtotal: { type: 'integer' },
    discount: { type: 'integer' },
    total_amount: { type: 'integer', description: 'Minor units of `currency`' },
    refunded_amount: { type: 'integer' },
    currency: { type: 'string' },
    status: { type: 'string', enum: [...STATUSES] },
    provider: { type: 'string' },
    created_at: { type: 'string', format: 'date-time' },
    paid_at: { anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }] },
    renews_subscription_id: {
      anyOf: [Uuid, { type: 'null' }],
      description: 'Set on an order billing the next period of a subscription sold offline; paid, the subscription renews',
    },
  },
} as const;

export const OrderList = {
  type: 'object',
  required: ['count', 'items'],
  additionalProperties: false,
  properties: { count: { type: 'integer' }, items: { type: 'array', items: OrderSchema } },
} as const;

export const CheckoutBody = {
  type: 'object',
  required: ['items', 'provider'],
  additionalProperties: false,
  properties: {
    items: Type.Array(CartItem, { minItems: 1, maxItems: MAX_CART_ITEMS }),
    coupon: { type: 'string', maxLength: 60 },
    provider: { type: 'string', enum: [...PROVIDERS] },
    name: { type: 'string', maxLength: 200 },
    country: { type: 'string', pattern: '^[A-Z]{2}$', description: 'ISO 3166 alpha-2' },
  },
} as const;

export const CheckoutAnswer = {
  type: 'object',
  required: ['order', 'pay'],
  additionalProperties: false,
  properties: {
    order: OrderSchema,
    pay: { type: 'boolean', description: 'true: start the payment (POST /my/orders/:id/pay); false: offline or free, go to the thank-you page' },
  },
} as const;

export const PayAnswer = {
  type: 'object',
  required: ['redirect'],
  additionalProperties: false,
  properties: { redirect: { type: 'string', description: "The provider's payment page" } },
} as const;

const Paging = { offset: { type: 'integer', minimum: 0, default: 0 }, limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 } } as const;

export const Filters = {
  status: { type: 'string', enum: [...STATUSES] },
  provider: { type: 'string', enum: [...PROVIDERS] },
  search: { type: 'string', maxLength: 200 },
  from: { type: 'string', format: 'date-time' },
  to: { type: 'string', format: 'date-time' },
} as const;

export const OrdersQuery = { type: 'object', additionalProperties: false, properties: { ...Paging, ...Filters } } as const;
export const ExportQuery = { type: 'object', additionalProperties: false, properties: Filters } as const;
export const MyOrdersQuery = { type: 'object', additionalProperties: false, properties: Paging } as const;
export const IdParams = { type: 'object', required: ['id'], additionalProperties: false, properties: { id: Uuid } } as const;
export const RefundBody = {
  type: 'object',
  additionalProperties: false,
  properties: { amount: { type: 'integer', minimum: 1, description: 'Minor units; default: all that is left' } },
} as const;

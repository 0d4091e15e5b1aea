const Uuid = { type: 'string', format: 'uuid' } as const;

/** A cart as the browser sends it: product ids and quantities (prices are never taken from it). */
export const CartItems = {
  type: 'array',
  maxItems: 50,
  items: {
    type: 'object',
    required: ['id', 'quantity'],
    additionalProperties: false,
    properties: { id: Uuid, quantity: { type: 'integer', minimum: 1, maximum: 100 } },
  },
} as const;

export const OrderLineSchema = {
  type: 'object',
  required: ['product_id', 'title', 'image', 'quantity', 'amount', 'type', 'frequency'],
  additionalProperties: false,
  properties: {
    product_id: Uuid,
    title: { type: 'string' },
    image: { type: 'string' },
    quantity: { type: 'integer' },
    amount: { type: 'integer', description: 'Unit price, minor units' },
    type: { type: 'string', enum: ['onetime', 'subscription'] },
    frequency: {
      anyOf: [
        {
          type: 'object',
          required: ['value', 'parameter'],
          additionalProperties: false,
          properties: { value: { type: 'integer' }, parameter: { type: 'string' } },
        },
        { type: 'null' },
      ],
    },
  },
} as const;

export const CurrencySchema = {
  type: 'object',
  required: ['code', 'digits'],
  additionalProperties: false,
  properties: { code: { type: 'string' }, digits: { type: 'integer' } },
} as const;

export const Quote = {
  type: 'object',
  required: ['currency', 'lines', 'missing', 'subtotal', 'discount', 'total', 'coupon', 'providers', 'default_provider'],
  additionalProperties: false,
  properties: {
    currency: CurrencySchema,
    lines: { type: 'array', items: OrderLineSchema },
    missing: { type: 'array', items: Uuid, description: 'Products no longer for sale (drop them from the cart)' },
    subtotal: { type: 'integer' },
    discount: { type: 'integer' },
    total: { type: 'integer' },
    coupon: {
      description: 'The coupon tried: valid with cart.couponApplied, or refused with its SPEC §8 key (null message: no such coupon)',
      anyOf: [
        {
          type: 'object',
          required: ['name', 'valid', 'message', 'discount_type', 'coupon_amount'],
          additionalProperties: false,
          properties: {
            name: { type: 'string' },
            valid: { type: 'boolean' },
            message: {
              anyOf: [{ type: 'string', enum: ['cart.couponApplied', 'cart.couponLimit', 'cart.couponUnavailable', 'cart.couponExpired'] }, { type: 'null' }],
            },
            discount_type: { anyOf: [{ type: 'string', enum: ['flat', 'percentage'] }, { type: 'null' }] },
            coupon_amount: { anyOf: [{ type: 'number' }, { type: 'null' }] },
          },
        },
        { type: 'null' },
      ],
    },
    providers: {
      type: 'array',
      items: { type: 'string', enum: ['offline', 'paypal', 'stripe', 'razorpay'] },
      description: 'Payment methods the buyer may choose',
    },
    default_provider: {
      anyOf: [{ type: 'string', enum: ['offline', 'paypal', 'stripe', 'razorpay'] }, { type: 'null' }],
      description: "The method checkout preselects: SPEC §9's default (paypal) when it is among them, else the first online one, else offline",
    },
  },
} as const;

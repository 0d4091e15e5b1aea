import { Type, type Static, StringEnum, PagingFields } from '@lectern/sdk';
import { CartItem, MAX_CART_ITEMS, OrderLineSchema, Provider } from '../cart/schemas.js';
import { DateTime, Uuid } from '../common-schemas.js';

export { IdParams, NoBody } from '../common-schemas.js';

export const OrderStatus = StringEnum(['pending', 'paid', 'refunded', 'cancelled', 'failed']);

export const OrderSchema = Type.Object(
  {
    id: Uuid,
    order_id: Type.String({ description: 'The order number buyers quote' }),
    user_id: Uuid,
    email: Type.String(),
    name: Type.String(),
    country: Type.Union([Type.String(), Type.Null()]),
    coupon: Type.Union([Type.String(), Type.Null()]),
    items: Type.Array(OrderLineSchema),
    subtotal: Type.Integer(),
    discount: Type.Integer(),
    total_amount: Type.Integer({ description: 'Minor units of `currency`' }),
    refunded_amount: Type.Integer(),
    currency: Type.String(),
    status: OrderStatus,
    provider: Type.String(),
    created_at: DateTime,
    paid_at: Type.Union([DateTime, Type.Null()]),
    renews_subscription_id: Type.Union([Uuid, Type.Null()], {
      description: 'Set on an order billing the next period of a subscription sold offline; paid, the subscription renews',
    }),
  },
  { additionalProperties: false },
);

export const OrderList = Type.Object({ count: Type.Integer(), items: Type.Array(OrderSchema) }, { additionalProperties: false });

export const CheckoutBody = Type.Object(
  {
    items: Type.Array(CartItem, { minItems: 1, maxItems: MAX_CART_ITEMS }),
    coupon: Type.Optional(Type.String({ maxLength: 60 })),
    provider: Provider,
    name: Type.Optional(Type.String({ maxLength: 200 })),
    country: Type.Optional(Type.String({ pattern: '^[A-Z]{2}$', description: 'ISO 3166 alpha-2' })),
  },
  { additionalProperties: false },
);

export const CheckoutAnswer = Type.Object(
  {
    order: OrderSchema,
    pay: Type.Boolean({ description: 'true: start the payment (POST /my/orders/:id/pay); false: offline or free, go to the thank-you page' }),
  },
  { additionalProperties: false },
);

export const PayAnswer = Type.Object({ redirect: Type.String({ description: "The provider's payment page" }) }, { additionalProperties: false });

const Filters = {
  status: Type.Optional(OrderStatus),
  provider: Type.Optional(Provider),
  search: Type.Optional(Type.String({ maxLength: 200 })),
  from: Type.Optional(DateTime),
  to: Type.Optional(DateTime),
};

export const OrdersQuery = Type.Object({ ...PagingFields, ...Filters }, { additionalProperties: false });
export const ExportQuery = Type.Object(Filters, { additionalProperties: false });
export const MyOrdersQuery = Type.Object(PagingFields, { additionalProperties: false });
export const RefundBody = Type.Object(
  { amount: Type.Optional(Type.Integer({ minimum: 1, description: 'Minor units; default: all that is left' })) },
  { additionalProperties: false },
);

/** Wire types: what the browser sends and receives, derived from the schemas above (never copied). */
export type OrderWire = Static<typeof OrderSchema>;
export type OrderStatusWire = Static<typeof OrderStatus>;
export type OrderListWire = Static<typeof OrderList>;
export type CheckoutBodyWire = Static<typeof CheckoutBody>;
export type CheckoutAnswerWire = Static<typeof CheckoutAnswer>;
export type PayAnswerWire = Static<typeof PayAnswer>;
export type ExportQueryWire = Static<typeof ExportQuery>;

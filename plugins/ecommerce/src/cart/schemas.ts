import { Type, type Static, StringEnum, Uuid } from '@lectern/sdk';

export const Provider = StringEnum(['offline', 'paypal', 'stripe', 'razorpay']);
const CouponMessage = StringEnum(['cart.couponApplied', 'cart.couponLimit', 'cart.couponUnavailable', 'cart.couponExpired']);

/** A cart line as the browser sends it: a product id and a quantity (prices are never taken from it). */
export const CartItem = Type.Object({ id: Uuid, quantity: Type.Integer({ minimum: 1, maximum: 100 }) }, { additionalProperties: false });
export const MAX_CART_ITEMS = 50;
export const CartItems = Type.Array(CartItem, { maxItems: MAX_CART_ITEMS });

const DurationUnit = StringEnum(['day', 'week', 'month', 'year']);
export const Frequency = Type.Object({ value: Type.Integer(), parameter: DurationUnit }, { additionalProperties: false });

export const OrderLineSchema = Type.Object(
  {
    product_id: Uuid,
    title: Type.String(),
    image: Type.String(),
    quantity: Type.Integer(),
    amount: Type.Integer({ description: 'Unit price, minor units' }),
    type: StringEnum(['onetime', 'subscription']),
    frequency: Type.Union([Frequency, Type.Null()]),
  },
  { additionalProperties: false },
);

export const CurrencySchema = Type.Object({ code: Type.String(), digits: Type.Integer() }, { additionalProperties: false });

export const QuoteBody = Type.Object({ items: CartItems, coupon: Type.Optional(Type.String({ maxLength: 60 })) }, { additionalProperties: false });

const CouponVerdict = Type.Object(
  {
    name: Type.String(),
    valid: Type.Boolean(),
    message: Type.Union([CouponMessage, Type.Null()]),
    discount_type: Type.Union([StringEnum(['flat', 'percentage']), Type.Null()]),
    coupon_amount: Type.Union([Type.Number(), Type.Null()]),
  },
  { additionalProperties: false },
);

export const Quote = Type.Object(
  {
    currency: CurrencySchema,
    lines: Type.Array(OrderLineSchema),
    missing: Type.Array(Uuid, { description: 'Products no longer for sale (drop them from the cart)' }),
    subtotal: Type.Integer(),
    discount: Type.Integer(),
    total: Type.Integer(),
    coupon: Type.Union([CouponVerdict, Type.Null()], {
      description: 'The coupon tried: valid with cart.couponApplied, or refused with its SPEC §8 key (null message: no such coupon)',
    }),
    providers: Type.Array(Provider, { description: 'Payment methods the buyer may choose' }),
    default_provider: Type.Union([Provider, Type.Null()], {
      description: "The method checkout preselects: SPEC §9's default (paypal) when it is among them, else the first online one, else offline",
    }),
  },
  { additionalProperties: false },
);

/** PUT /cart: the signed-in member's cart, saved for cart_abandoned. */
export const SaveCartBody = Type.Object({ items: CartItems }, { additionalProperties: false });
export const CartSaved = Type.Object({ saved: Type.Boolean() }, { additionalProperties: false });

/** How long a cart waits before it counts as abandoned (GET/PUT /cart-settings). */
export const CartSettingsSchema = Type.Object(
  {
    abandonedAfterMinutes: Type.Integer({ minimum: 5, maximum: 43_200, description: 'Minutes a cart waits before cart_abandoned (5 min to 30 days)' }),
  },
  { additionalProperties: false },
);

/** Wire types: what the browser sends and receives, derived from the schemas above (never copied). */
export type CartItemsWire = Static<typeof CartItems>;
export type QuoteWire = Static<typeof Quote>;
export type CouponMessageWire = Static<typeof CouponMessage>;
export type ProviderWire = Static<typeof Provider>;
export type FrequencyWire = Static<typeof Frequency>;
export type CartSavedWire = Static<typeof CartSaved>;
export type CartSettingsWire = Static<typeof CartSettingsSchema>;
export type CurrencyWire = Static<typeof CurrencySchema>;

/** Shapes and addresses of the shop's API (plugins/ecommerce/src/*\/routes) the dashboard screens use. */
// The wire shapes come from the route schemas (type-only imports: nothing of the server is bundled).
import type { CartSettingsWire, ProviderWire } from '../../src/cart/schemas.js';
import type { CouponInputWire, CouponWire, DiscountTypeWire } from '../../src/coupons/schemas.js';
import type { GrantWire, LevelWire } from '../../src/memberships/schemas.js';
import type { OrderStatusWire, OrderWire } from '../../src/orders/schemas.js';
import type { ProviderSettingsWire, SettingsViewWire } from '../../src/settings/schemas.js';
import type { DurationParameterWire, DurationWire, PriceTypeWire, ProductInputWire, ProductStatusWire, ProductWire } from '../../src/products/schemas.js';

export const API = '/api/ecommerce';
/** Where the manager's screens are mounted (the manifest's paths). */
export const MANAGE_PATH = '/dashboard/manage/ecommerce';
export const MEMBERSHIPS_PATH = `${MANAGE_PATH}/memberships`;
/** The quick-create "New product" entry's path (its own screen: the product form). */
export const NEW_PRODUCT_PATH = `${MANAGE_PATH}/products/new`;
export const MY_ORDERS_PATH = '/dashboard/orders';
export const PAGE_SIZE = 20;

export type ProductStatus = ProductStatusWire;
export const PRODUCT_STATUSES = ['draft', 'published'] as const satisfies readonly ProductStatus[];
export type PriceType = PriceTypeWire;
export const PRICE_TYPES = ['onetime', 'subscription'] as const satisfies readonly PriceType[];
export type DurationParameter = DurationParameterWire;
export const DURATION_PARAMETERS = ['day', 'week', 'month', 'year'] as const satisfies readonly DurationParameter[];
export type OrderStatus = OrderStatusWire;
export const ORDER_STATUSES = ['pending', 'paid', 'refunded', 'cancelled', 'failed'] as const satisfies readonly OrderStatus[];
export type Provider = ProviderWire;
export const PROVIDERS = ['offline', 'stripe', 'paypal', 'razorpay'] as const satisfies readonly Provider[];
export type DiscountType = DiscountTypeWire;
export const DISCOUNT_TYPES = ['flat', 'percentage'] as const satisfies readonly DiscountType[];

/** A product (the screens never need its account_id), and what the product form sends (ProductSchema, ProductInput). */
export type Duration = DurationWire;
export type Product = Omit<ProductWire, 'account_id'>;
export type ProductInput = ProductInputWire;

/** A coupon, and what the coupon form sends (CouponSchema, CouponInput). */
export type Coupon = CouponWire;
export type CouponInput = CouponInputWire;

/** An order and its lines as the API sends them (OrderSchema). */
export type Order = OrderWire;
export type OrderLine = OrderWire['items'][number];

/**
 * A membership level (content_ids: the pages and posts only its members may read) and one member's
 * hold of it (name and email as the server knows them, '' when the account has none).
 */
export type Level = LevelWire;
export type Grant = GrantWire;

/**
 * The payment settings the screen edits (paypal.sandbox: the keys are sandbox keys), the settings
 * as GET/PUT /settings answer them (secretsSet["stripe.secretKey"]: whether a secret is stored, its
 * value is never sent back; webhooks: the address to register with each provider), and how long a
 * signed-in member's cart waits before cart_abandoned fires (GET/PUT /cart-settings).
 */
export type ProviderSettings = ProviderSettingsWire;
export type ShopSettings = SettingsViewWire;
export type CartSettings = CartSettingsWire;

export interface Page<T> {
  count: number;
  items: T[];
}

/** Query keys: one root per resource so a change refreshes every list and detail of it. */
export const keys = {
  currency: ['ecommerce', 'currency'] as const,
  products: ['ecommerce', 'products'] as const,
  coupons: ['ecommerce', 'coupons'] as const,
  orders: ['ecommerce', 'orders'] as const,
  myOrders: ['ecommerce', 'my-orders'] as const,
  settings: ['ecommerce', 'settings'] as const,
  cartSettings: ['ecommerce', 'cart-settings'] as const,
  levels: ['ecommerce', 'memberships'] as const,
  grants: (level: string) => ['ecommerce', 'memberships', level, 'members'] as const,
  lmsCourses: ['ecommerce', 'lms-courses'] as const,
  content: ['ecommerce', 'content'] as const,
};

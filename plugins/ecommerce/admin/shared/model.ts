/** Shapes and addresses of the shop's API (plugins/ecommerce/src/*\/routes) the dashboard screens use. */

export const API = '/api/ecommerce';
/** Where the manager's screens are mounted (the manifest's paths). */
export const MANAGE_PATH = '/dashboard/manage/ecommerce';
export const MEMBERSHIPS_PATH = `${MANAGE_PATH}/memberships`;
/** The quick-create "New product" entry's path (its own screen: the product form). */
export const NEW_PRODUCT_PATH = `${MANAGE_PATH}/products/new`;
export const MY_ORDERS_PATH = '/dashboard/orders';
export const PAGE_SIZE = 20;

export const PRODUCT_STATUSES = ['draft', 'published'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
export const PRICE_TYPES = ['onetime', 'subscription'] as const;
export type PriceType = (typeof PRICE_TYPES)[number];
export const DURATION_PARAMETERS = ['day', 'week', 'month', 'year'] as const;
export type DurationParameter = (typeof DURATION_PARAMETERS)[number];
export const ORDER_STATUSES = ['pending', 'paid', 'refunded', 'cancelled', 'failed'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const PROVIDERS = ['offline', 'stripe', 'paypal', 'razorpay'] as const;
export type Provider = (typeof PROVIDERS)[number];
export const DISCOUNT_TYPES = ['flat', 'percentage'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

export interface Duration {
  value: number;
  parameter: DurationParameter;
}
export interface Product {
  id: string;
  title: string;
  description: string;
  status: ProductStatus;
  metadata: { price: { type: PriceType; amount: number; duration: Duration | null }; featured_image: string; cross: string[] };
  course_id: string | null;
  membership_id: string | null;
  created_at: string;
  updated_at: string;
}
export interface ProductInput {
  title: string;
  description: string;
  status: ProductStatus;
  price: { type: PriceType; amount: number; duration: Duration | null };
  featured_image: string;
  cross: string[];
  course_id: string | null;
  membership_id: string | null;
}

export interface Coupon {
  id: string;
  name: string;
  usage_limit: number;
  usage_count: number;
  date_start: string | null;
  date_end: string | null;
  per_user_limit: number;
  discount_type: DiscountType;
  coupon_amount: number;
  created_at: string;
}
export type CouponInput = Omit<Coupon, 'id' | 'usage_count' | 'created_at'>;

export interface OrderLine {
  product_id: string;
  title: string;
  image: string;
  quantity: number;
  amount: number;
  type: PriceType;
  frequency: { value: number; parameter: string } | null;
}
export interface Order {
  id: string;
  order_id: string;
  user_id: string;
  email: string;
  name: string;
  country: string | null;
  coupon: string | null;
  items: OrderLine[];
  subtotal: number;
  discount: number;
  total_amount: number;
  refunded_amount: number;
  currency: string;
  status: OrderStatus;
  provider: string;
  created_at: string;
  paid_at: string | null;
  /** Set when the order bills the next period of a subscription sold offline. */
  renews_subscription_id: string | null;
}

export interface Level {
  id: string;
  name: string;
  description: string;
  course_ids: string[];
  /** Pages and posts only members of the level may read. */
  content_ids: string[];
  active_members: number;
  created_at: string;
}
export interface Grant {
  membership_id: string;
  user_id: string;
  /** The member's name and email as the server knows them ('' when the account has none). */
  name: string;
  email: string;
  status: 'active' | 'ended';
  source: string;
  order_id: string | null;
  started_at: string;
  ended_at: string | null;
}

export interface ProviderSettings {
  offline?: { enabled: boolean; instructions?: string };
  stripe?: { enabled: boolean; publishableKey?: string; secretKey?: string; webhookSecret?: string };
  /** sandbox: the keys are PayPal sandbox keys (missing = live). */
  paypal?: { enabled: boolean; clientId?: string; clientSecret?: string; webhookId?: string; sandbox?: boolean };
  razorpay?: { enabled: boolean; keyId?: string; keySecret?: string; webhookSecret?: string };
}
export interface ShopSettings {
  providers: ProviderSettings;
  /** "stripe.secretKey": whether a secret is stored (its value is never sent back). */
  secretsSet: Record<string, boolean>;
  currency: { code: string; digits: number; providers: string[] };
  available: string[];
  /** The address to register with each provider (stripe, paypal, razorpay). */
  webhooks: Record<string, string>;
}

/** GET/PUT /cart-settings: how long a signed-in member's cart waits before cart_abandoned fires. */
export interface CartSettings {
  abandonedAfterMinutes: number;
}

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

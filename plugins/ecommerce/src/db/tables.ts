import { defineTables, type ColumnType, type Generated, type PluginDb } from '@lectern/sdk';
import type { ProviderSettingsWire } from '../settings/schemas.js';

/**
 * The e-commerce tables as queries see them (SPEC §3 Product, Coupon, Orders). Every table is a
 * tenant table: account_id leads its key, row-level security keeps it to the request's account.
 * Money is an integer count of the currency's minor units (DECISIONS.md), stored as bigint.
 */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string | undefined, string>;

export type PriceType = 'onetime' | 'subscription';
/** How often a subscription renews: every `value` × `parameter`. */
export type DurationParameter = 'day' | 'week' | 'month' | 'year';
export type ProductStatus = 'draft' | 'published';

export interface ProductsTable {
  account_id: string;
  id: Generated<string>;
  title: string;
  description: Generated<string>;
  status: Generated<ProductStatus>;
  price_type: PriceType;
  amount: number;
  /** Subscriptions only: every duration_value × duration_parameter. */
  duration_value: number | null;
  duration_parameter: DurationParameter | null;
  /** A storage path or URL; '' for none. */
  featured_image: Generated<string>;
  /** SPEC's "cross list of related products": product ids suggested after this one is added. */
  cross_ids: Json<string[]>;
  /** What a paid order delivers: a course (LMS enrolment) and/or a membership level. */
  course_id: string | null;
  membership_id: string | null;
  /** On the platform's own shop only: the plan this product sells (its fulfilment sets a site's plan). */
  platform_plan: Generated<string | null>;
  /** On sale: the lower price (minor units) until sale_ends_at (null: no end); null when not on sale. */
  sale_amount: Generated<number | null>;
  sale_ends_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type DiscountType = 'flat' | 'percentage';

export interface CouponsTable {
  account_id: string;
  id: Generated<string>;
  /** What buyers type; unique per account, compared without case. */
  name: string;
  /** 0: no limit. */
  usage_limit: Generated<number>;
  /** Orders that used it (kept exact: taken with the order, given back when the order is cancelled). */
  usage_count: Generated<number>;
  date_start: Date | null;
  date_end: Date | null;
  /** 0: no limit. */
  per_user_limit: Generated<number>;
  discount_type: DiscountType;
  /** Flat: minor units of the site's currency. Percentage: percent (0–100, decimals allowed). */
  coupon_amount: number;
  created_at: Timestamp;
}

export type OrderStatus = 'pending' | 'paid' | 'refunded' | 'cancelled' | 'failed';

/** What was bought, as it was at the time (later product edits do not rewrite orders). */
export interface OrderLine {
  product_id: string;
  title: string;
  image: string;
  quantity: number;
  /** Unit price in minor units. */
  amount: number;
  type: PriceType;
  frequency: { value: number; parameter: DurationParameter } | null;
}

export interface OrdersTable {
  account_id: string;
  id: Generated<string>;
  /** The order number buyers and owners see (SPEC Orders.order_id). */
  order_id: string;
  user_id: string;
  email: string;
  name: string;
  country: string | null;
  /** The coupon's name as applied (SPEC Orders.coupon), and its row. */
  coupon: string | null;
  coupon_id: string | null;
  items: Json<OrderLine[]>;
  subtotal: number;
  discount: number;
  total_amount: number;
  currency: string;
  status: Generated<OrderStatus>;
  provider: string;
  /** The provider's reference (a Stripe Checkout Session id, …); null for offline orders. */
  provider_ref: string | null;
  refunded_amount: Generated<number>;
  created_at: Timestamp;
  paid_at: Date | null;
  updated_at: Timestamp;
  /** Set on the order that bills an offline subscription's next period (the owner marks it paid). */
  renews_subscription_id: Generated<string | null>;
  /** A plan's order on the platform's shop: the site it pays for. */
  billed_site_id: Generated<string | null>;
}

export interface PaymentsTable {
  account_id: string;
  id: Generated<string>;
  order_id: string;
  provider: string;
  /** The provider's id of the charge (offline: the order's id); unique per provider. */
  provider_payment_id: string;
  amount: number;
  currency: string;
  kind: 'payment' | 'refund';
  created_at: Timestamp;
}

/** Each provider event is handled once: its id is recorded in the transaction that handles it. */
export interface WebhookEventsTable {
  account_id: string;
  provider: string;
  event_id: string;
  type: string;
  received_at: Timestamp;
}

export type SubscriptionStatus = 'active' | 'past_due' | 'ended';

export interface SubscriptionsTable {
  account_id: string;
  id: Generated<string>;
  user_id: string;
  product_id: string;
  order_id: string;
  provider: string;
  provider_subscription_id: string | null;
  status: Generated<SubscriptionStatus>;
  current_period_end: Date | null;
  created_at: Timestamp;
  ended_at: Date | null;
  /** The member cancelled: it runs to the end of the period paid for, then ends (no renewal). */
  cancel_at_period_end: Generated<boolean>;
}

export interface MembershipsTable {
  account_id: string;
  id: Generated<string>;
  name: string;
  description: Generated<string>;
  /** Courses a member of this level is enrolled in. */
  course_ids: Json<string[]>;
  /** Pages and posts only members of this level (or another level naming them) may read. */
  content_ids: Json<string[]>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type GrantStatus = 'active' | 'ended';

export interface MemberMembershipsTable {
  account_id: string;
  membership_id: string;
  user_id: string;
  status: Generated<GrantStatus>;
  /** purchase, subscription, manual, automation. */
  source: string;
  order_id: string | null;
  started_at: Timestamp;
  ended_at: Date | null;
}

/**
 * Per-account payment settings (option `ecommerce_providers`): which providers are on and their keys;
 * secrets never leave the server. Its shape is the settings route's body schema (ProvidersInput).
 */
export type ProviderSettings = ProviderSettingsWire;

/** A signed-in member's cart as the browser last saved it, for cart_abandoned (SPEC §9). */
export interface CartsTable {
  account_id: string;
  user_id: string;
  email: string;
  items: Json<Array<{ id: string; quantity: number }>>;
  updated_at: Timestamp;
  /** When cart_abandoned was raised for this version of the cart. */
  abandoned_at: Date | null;
}

/**
 * Course enrolments the shop made, by what made them ('order:<id>', 'membership:<id>'): a course is
 * taken back only when the last of them goes, and never one the student had on their own.
 */
export interface CourseGrantsTable {
  account_id: string;
  user_id: string;
  course_id: string;
  source: string;
  created_at: Timestamp;
}

export interface EcommerceTables {
  ecommerce_products: ProductsTable;
  ecommerce_coupons: CouponsTable;
  ecommerce_orders: OrdersTable;
  ecommerce_payments: PaymentsTable;
  ecommerce_webhook_events: WebhookEventsTable;
  ecommerce_subscriptions: SubscriptionsTable;
  ecommerce_memberships: MembershipsTable;
  ecommerce_member_memberships: MemberMembershipsTable;
  ecommerce_carts: CartsTable;
  ecommerce_course_grants: CourseGrantsTable;
}

/** The shop's typed database: its tables plus the kernel's documented views (members, users, roles, content items). */
export type ShopDb = PluginDb<EcommerceTables>;

/** Opens a request's, scope's or job's database handle with the shop's tables (the same transaction, typed). */
export const shopDb = defineTables<EcommerceTables>();

export const ECOMMERCE_TABLES = {
  ecommerce_products: 'tenant',
  ecommerce_coupons: 'tenant',
  ecommerce_orders: 'tenant',
  ecommerce_payments: 'tenant',
  ecommerce_webhook_events: 'tenant',
  ecommerce_subscriptions: 'tenant',
  ecommerce_memberships: 'tenant',
  ecommerce_member_memberships: 'tenant',
  ecommerce_carts: 'tenant',
  ecommerce_course_grants: 'tenant',
} as const;

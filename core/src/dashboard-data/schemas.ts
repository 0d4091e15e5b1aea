import { Type, type Static } from '@sinclair/typebox';
import { Nullable, NullableTimestamp, StringEnum, Timestamp, type Wire } from '../schema/kit.js';
import { BILLING_STATUSES } from '../billing/state.js';

/**
 * Schemas of the dashboard data routes (home summary, reports, billing, setup checklist).
 *
 * Card, step and widget-title keys are i18n keys: the front end translates them, so they are a
 * stable contract. Summary card keys:
 * - managers (manage_options): `members` (value: members of the account, delta_30d: joined in the
 *   last 30 days), `emails_month` (emails counted against the plan this calendar month, UTC; limit:
 *   monthlyEmails), `storage_mb` (stored files in MB; limit: the plan's storage MB), `unread_alerts`
 *   (unread account notifications);
 * - everyone else: `unread_notifications` (unread bell notifications, chat excluded),
 *   `unread_chats` (unread chat messages), `notifications_30d` (notifications received in the
 *   last 30 days).
 * Setup step keys: see SETUP_STEPS in setup-routes.ts.
 */

export const MANAGER_CARDS = ['members', 'emails_month', 'storage_mb', 'unread_alerts'] as const;
export const MEMBER_CARDS = ['unread_notifications', 'unread_chats', 'notifications_30d'] as const;
export type CardKey = (typeof MANAGER_CARDS)[number] | (typeof MEMBER_CARDS)[number];

/** A calendar day, UTC. Format "date" also refuses days that do not exist (2025-02-30). */
export const Day = Type.String({ format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

export const Card = Type.Object({
  key: StringEnum([...MANAGER_CARDS, ...MEMBER_CARDS], { description: 'i18n key' }),
  value: Type.Number(),
  delta_30d: Type.Optional(Type.Number({ description: 'Change over the last 30 days' })),
  limit: Type.Optional(Type.Number({ description: "The plan's limit for this meter" })),
});

const DailyPoint = Type.Object({ date: Day, value: Type.Number() });

export const SummaryResponse = Type.Object({
  cards: Type.Array(Card),
  series: Type.Object(
    { members_daily: Type.Optional(Type.Array(DailyPoint, { description: 'Members joined per day, the last 30 days (UTC), oldest first' })) },
    { description: 'Managers only; empty for other members' },
  ),
});

export const RangeQuery = Type.Object({ from: Type.Optional(Day), to: Type.Optional(Day) }, { additionalProperties: false });

export const WidgetKind = StringEnum(['line', 'bar', 'number']);

const Point = Type.Object({ x: Type.String(), y: Type.Number() });

export const WidgetResult = Type.Object({
  id: Type.String(),
  title: Type.String({ description: 'i18n key' }),
  kind: WidgetKind,
  points: Type.Optional(Type.Array(Point, { description: 'line and bar widgets' })),
  value: Type.Optional(Type.Number({ description: 'number widgets' })),
});

export const ReportsResponse = Type.Object({ from: Day, to: Day, widgets: Type.Array(WidgetResult) });

export const WidgetIdParams = Type.Object({ id: Type.String({ pattern: '^[a-z0-9][a-z0-9_.-]{0,63}$' }) }, { additionalProperties: false });

/** CSV text: not serialised by a schema, described for the API docs. */
export const CsvResponse = { 200: { description: 'text/csv: a "date,value" header, then one row per point (one row dated `to` for number widgets)' } } as const;

const Price = Type.Object({
  amount: Type.Optional(Type.Number({ description: 'USD' })),
  price_id: Type.Optional(Type.String({ description: "The provider's id for this price" })),
  iterations: Type.Optional(Type.Integer({ description: 'Periods the subscription runs' })),
  trial_days: Type.Optional(Type.Integer()),
});
const Prices = Type.Object({
  monthly: Type.Optional(Price),
  annual: Type.Optional(Price),
  onetime: Type.Optional(Type.Object({ amount: Type.Optional(Type.Number()), price_id: Type.Optional(Type.String()) })),
});
const Pricing = Type.Object(
  { stripe: Type.Optional(Prices), razorpay: Type.Optional(Prices), paypal: Type.Optional(Prices) },
  { description: 'SPEC §3: the prices at each payment provider, with their ids' },
);

const OptionalNumber = Type.Optional(Type.Number());

export const Limits = Type.Object(
  {
    totalMembers: OptionalNumber,
    monthlyEmails: OptionalNumber,
    chats: OptionalNumber,
    ai_tokens: OptionalNumber,
    email_verify: OptionalNumber,
    transcribe: OptionalNumber,
    videos: OptionalNumber,
    mau: OptionalNumber,
    emails: OptionalNumber,
    courses: OptionalNumber,
    groups: OptionalNumber,
    funnels: OptionalNumber,
    concurrentUsers: OptionalNumber,
    storage: Type.Optional(Type.Object({ images: OptionalNumber, videos: OptionalNumber, storage: OptionalNumber }, { description: 'MB' })),
  },
  { description: "The plan's limits (SPEC §3 Plan limits); every limit is 0 on an unknown plan" },
);

const planInfo = {
  id: Type.String(),
  label: Type.String(),
  description: Type.String(),
  prices: Prices,
  pricing: Type.Optional(Pricing),
};

/** What an account uses now (SPEC §9 meters), as the billing page and the super-admin's usage view show it. */
export const AccountUsageSchema = Type.Object(
  {
    members: Type.Integer({ description: 'against limits.totalMembers' }),
    emails: Type.Integer({ description: 'this calendar month (UTC), as the mail quota counts them; against limits.monthlyEmails' }),
    storage_mb: Type.Number({ description: 'all stored files; against limits.storage.storage' }),
    images_mb: Type.Number({ description: 'against limits.storage.images' }),
    videos_mb: Type.Number({ description: 'against limits.storage.videos' }),
    notifications: Type.Integer({ description: 'member notifications created this calendar month (UTC)' }),
    mau: Type.Integer({ description: 'monthly active users: people who signed in or kept a session this month; against limits.mau' }),
    ai_tokens: Type.Integer({ description: 'this month; against limits.ai_tokens' }),
    chats: Type.Integer({ description: 'this month; against limits.chats' }),
    email_verifications: Type.Integer({ description: 'this month; against limits.email_verify' }),
    jitsi: Type.Integer({ description: 'video meetings this month' }),
  },
  { description: 'The meters the platform measures (SPEC §9 usage meters); others are left out' },
);

export const BillingResponse = Type.Object({
  plan: Type.Object({
    ...planInfo,
    known: Type.Optional(Type.Boolean({ description: 'false: the account is on a plan the catalogue does not list' })),
  }),
  features: Type.Array(Type.String(), { description: "The account's effective features" }),
  trial: Nullable(
    Type.Object({
      ends_at: Timestamp,
      days_left: Type.Integer({ minimum: 0, description: 'Whole days left, counting a started day; 0 once it has ended' }),
    }),
    { description: 'The sign-up trial, or null when the account is not on one' },
  ),
  limits: Limits,
  usage: AccountUsageSchema,
  plans: Type.Array(Type.Object({ ...planInfo, features: Type.Optional(Type.Array(Type.String())), limits: Type.Optional(Limits) }), {
    description: 'Every plan of the catalogue, for comparison',
  }),
  default_provider: Type.String({ description: 'SPEC §9: the provider plans are billed through unless another is chosen (paypal)' }),
  standing: Type.Object(
    {
      status: StringEnum([...BILLING_STATUSES]),
      paid_until: NullableTimestamp,
      lapsed_at: NullableTimestamp,
      suspends_on: NullableTimestamp,
    },
    {
      description:
        "Where the site stands with the platform's bill: its status, the end of the period paid for, when it went read-only and when it is suspended unless a plan is paid",
    },
  ),
  checkout: Type.Object(
    { providers: Type.Array(Type.String(), { description: 'How the platform takes payment for plans; empty: no online checkout' }) },
    { description: 'Buying or changing the plan online (POST /api/account/billing/checkout)' },
  ),
  subscription: Nullable(
    Type.Object({
      plan: Type.String(),
      interval: StringEnum(['month', 'year', 'once']),
      provider: Type.String(),
      status: StringEnum(['active', 'past_due']),
      period_end: NullableTimestamp,
      cancel_at_period_end: Type.Boolean({ description: 'Cancelled by the owner: it ends at period_end (POST /api/account/billing/cancel)' }),
    }),
    { description: 'The plan subscription the platform bills the site for; null when none runs (a trial, a one-time plan, a comped site)' },
  ),
  invoices: Type.Array(
    Type.Object({
      id: Type.String({ description: 'GET /api/account/billing/invoices/{id}.pdf is its receipt' }),
      order_number: Type.String(),
      paid_at: Timestamp,
      amount: Type.Integer({ description: 'Minor units of currency' }),
      currency: Type.String(),
      provider: Type.String(),
      description: Type.String(),
      refunded: Type.Integer({ description: 'Minor units refunded of the order it paid' }),
    }),
    { description: 'Payments for the site’s plans, newest first (the latest 24)' },
  ),
});

export const SetupResponse = Type.Object({
  steps: Type.Array(
    Type.Object({
      key: Type.String({ description: 'i18n key' }),
      done: Type.Boolean(),
      path: Type.String({ description: 'The dashboard screen that completes the step' }),
    }),
  ),
  done_count: Type.Integer(),
  total: Type.Integer(),
  dismissed: Type.Boolean({ description: 'The owner hid the checklist' }),
});

export const DismissBody = Type.Object({ dismissed: Type.Boolean() }, { additionalProperties: false });

/** Wire types (the dashboard's home, reports, billing and setup screens). */
export type SummaryWire = Wire<Static<typeof SummaryResponse>>;
export type SummaryCardWire = Wire<Static<typeof Card>>;
export type ReportsWire = Wire<Static<typeof ReportsResponse>>;
export type ReportWidgetWire = Wire<Static<typeof WidgetResult>>;
export type BillingWire = Wire<Static<typeof BillingResponse>>;
export type PlanLimitsWire = Wire<Static<typeof Limits>>;
export type SetupWire = Wire<Static<typeof SetupResponse>>;

import type { FastifyInstance } from 'fastify';
import { typed } from '../http/typed-app.js';
import { sql } from 'kysely';
import type { AnyDb } from '../db/database.js';
import { currentMonth } from '../mail/outbox.js';
import { DEFAULT_PAYMENT_PROVIDER, PLANS, findPlan, type Plan, type PlanLimits } from '../plans/catalogue.js';
import type { Static } from '@sinclair/typebox';
import { type AccountUsageSchema, BillingResponse } from './schemas.js';
import { withPlatformShop } from '../billing/checkout-route.js';
import { suspensionDate } from '../billing/state.js';
import { HISTORY_DEFAULT_MONTHS, HistoryQuery, UsageHistory, usageHistory } from '../billing/usage-history.js';
import type { RequestContext } from '../tenancy/request-context.js';

const MB = 1024 * 1024;

/** What the account uses now, measured from its own rows. */
export interface AccountUsage {
  members: number;
  membersLast30Days: number;
  /** This calendar month (UTC), from mail_usage: the same count the mail quota checks. */
  emails: number;
  storageBytes: number;
  imageBytes: number;
  videoBytes: number;
  notificationsThisMonth: number;
  /** This month's counters (SPEC §9 meters kept in usage_counters). */
  mau: number;
  aiTokens: number;
  chats: number;
  emailVerifications: number;
  jitsi: number;
  unreadAlerts: number;
}

/** Every meter in one round trip: one aggregate per table, each on an index led by account_id; monthly meters read their counters. */
export async function measureUsage(db: AnyDb, accountId: string): Promise<AccountUsage> {
  const month = currentMonth();
  const { rows } = await sql<Record<string, string | number | null>>`
    SELECT m.members, m.members_30d, e.emails, s.storage, s.images, s.videos, n.notifications, n.mau, n.aitokens, n.chats,
           n.emailverifications, n.jitsi, a.alerts
      FROM (SELECT count(*)::int AS members,
                   (count(*) FILTER (WHERE created_at >= now() - interval '30 days'))::int AS members_30d
              FROM members WHERE account_id = ${accountId}) AS m,
           (SELECT coalesce(sum(count), 0)::int AS emails FROM mail_usage WHERE account_id = ${accountId} AND month = ${month}) AS e,
           (SELECT coalesce(sum(size), 0)::text AS storage,
                   coalesce(sum(size) FILTER (WHERE mimetype LIKE 'image/%'), 0)::text AS images,
                   coalesce(sum(size) FILTER (WHERE mimetype LIKE 'video/%'), 0)::text AS videos
              FROM storage_objects WHERE account_id = ${accountId}) AS s,
           (SELECT coalesce(sum(value) FILTER (WHERE meter = 'notifications'), 0)::int AS notifications,
                   coalesce(sum(value) FILTER (WHERE meter = 'mau'), 0)::int AS mau,
                   coalesce(sum(value) FILTER (WHERE meter = 'aitokens'), 0)::int AS aitokens,
                   coalesce(sum(value) FILTER (WHERE meter = 'chats'), 0)::int AS chats,
                   coalesce(sum(value) FILTER (WHERE meter = 'emailverifications'), 0)::int AS emailverifications,
                   coalesce(sum(value) FILTER (WHERE meter = 'jitsi'), 0)::int AS jitsi
              FROM usage_counters WHERE account_id = ${accountId} AND period = ${month}) AS n,
           (SELECT count(*)::int AS alerts FROM account_notifications WHERE account_id = ${accountId} AND read = false) AS a`.execute(db);
  const row = rows[0] ?? {};
  const n = (key: string) => Number(row[key] ?? 0);
  return {
    members: n('members'),
    membersLast30Days: n('members_30d'),
    emails: n('emails'),
    storageBytes: n('storage'),
    imageBytes: n('images'),
    videoBytes: n('videos'),
    notificationsThisMonth: n('notifications'),
    mau: n('mau'),
    aiTokens: n('aitokens'),
    chats: n('chats'),
    emailVerifications: n('emailverifications'),
    jitsi: n('jitsi'),
    unreadAlerts: n('alerts'),
  };
}

/** The account's usage as the billing page and the super-admin's usage view answer it. */
export function usageWire(usage: AccountUsage): Static<typeof AccountUsageSchema> {
  return {
    members: usage.members,
    emails: usage.emails,
    storage_mb: toMb(usage.storageBytes),
    images_mb: toMb(usage.imageBytes),
    videos_mb: toMb(usage.videoBytes),
    notifications: usage.notificationsThisMonth,
    mau: usage.mau,
    ai_tokens: usage.aiTokens,
    chats: usage.chats,
    email_verifications: usage.emailVerifications,
    jitsi: usage.jitsi,
  };
}

/** Bytes as MB, two decimals (what the plan's storage limits are given in). */
export const toMb = (bytes: number): number => Math.round((bytes / MB) * 100) / 100;

const NO_LIMITS: PlanLimits = {
  totalMembers: 0,
  monthlyEmails: 0,
  chats: 0,
  ai_tokens: 0,
  email_verify: 0,
  transcribe: 0,
  videos: 0,
  storage: { images: 0, videos: 0, storage: 0 },
  mau: 0,
  emails: 0,
  courses: 0,
  groups: 0,
  funnels: 0,
  concurrentUsers: 0,
};

/** A plan's limits; SPEC §6: an unknown plan gets limit 0 for everything. */
export function limitsOf(planId: string): PlanLimits {
  return findPlan(planId)?.limits ?? NO_LIMITS;
}

const DAY_MS = 86_400_000;

/** The trial as the billing page shows it: when it ends and the days left (a started day counts). */
export function trialOf(endsAt: string | null, now = Date.now()): { ends_at: string; days_left: number } | null {
  if (endsAt === null) return null;
  return { ends_at: endsAt, days_left: Math.max(0, Math.ceil((Date.parse(endsAt) - now) / DAY_MS)) };
}

const planInfo = (plan: Plan) => ({ id: plan.id, label: plan.label, description: plan.description, prices: plan.prices, pricing: plan.pricing });

const INVOICES_SHOWN = 24;

/** What the platform's shop says about the site: how it takes payment, the running plan and the receipts. Nothing when no plugin sells plans. */
async function platformSide(ctx: RequestContext) {
  // The platform's own site is the seller: it buys no plan from itself.
  const side = ctx.account.isPlatform
    ? null
    : await withPlatformShop(ctx, 'billing: the site as the platform bills it', async ({ db, checkout, platform }) => ({
        providers: await checkout.providers(db, platform),
        subscription: await checkout.current(db, platform.accountId, ctx.account.id),
        invoices: await checkout.invoices(db, platform.accountId, ctx.account.id, INVOICES_SHOWN),
      }));
  return side ?? { providers: [] as string[], subscription: null, invoices: [] };
}

/** /dashboard/billing: the account's plan, what it includes, its limits and what is used of them. */
export async function billingRoutes(server: FastifyInstance): Promise<void> {
  const app = typed(server);
  app.get(
    '/api/account/billing',
    {
      config: { capability: 'manage_options', billing: true },
      schema: { tags: ['account'], summary: "The account's plan, limits and usage", response: { 200: BillingResponse } },
    },
    async (request) => {
      const { db, account } = request.ctx;
      const plan = findPlan(account.plan);
      const usage = await measureUsage(db, account.id);
      const platform = await platformSide(request.ctx);
      return {
        plan: plan === undefined ? { id: account.plan, label: account.plan, description: '', prices: {}, known: false } : { ...planInfo(plan), known: true },
        features: [...account.features].sort(),
        trial: trialOf(account.trialEndsAt),
        limits: limitsOf(account.plan),
        usage: usageWire(usage),
        plans: Object.values(PLANS).map((p) => ({ ...planInfo(p), features: p.features, limits: p.limits })),
        default_provider: DEFAULT_PAYMENT_PROVIDER,
        standing: {
          status: account.billingStatus,
          paid_until: account.billingPaidUntil,
          lapsed_at: account.billingLapsedAt,
          suspends_on: account.billingLapsedAt === null ? null : suspensionDate(account.billingLapsedAt).toISOString(),
        },
        checkout: { providers: platform.providers },
        subscription:
          platform.subscription === null
            ? null
            : {
                plan: platform.subscription.plan,
                interval: platform.subscription.interval,
                provider: platform.subscription.provider,
                status: platform.subscription.status,
                period_end: platform.subscription.periodEnd,
                cancel_at_period_end: platform.subscription.cancelAtPeriodEnd,
              },
        invoices: platform.invoices.map((invoice) => ({
          id: invoice.id,
          order_number: invoice.orderNumber,
          paid_at: invoice.paidAt,
          amount: invoice.amount,
          currency: invoice.currency,
          provider: invoice.provider,
          description: invoice.description,
          refunded: invoice.refunded,
        })),
      };
    },
  );

  app.get(
    '/api/account/billing/usage-history',
    {
      config: { capability: 'manage_options', billing: true },
      schema: {
        tags: ['account'],
        summary: "The account's monthly meters (active people, e-mails, AI tokens, chats, verifications, notifications) month by month",
        querystring: HistoryQuery,
        response: { 200: UsageHistory },
      },
    },
    async (request) => ({ months: await usageHistory(request.ctx.db, request.ctx.account.id, request.query.months ?? HISTORY_DEFAULT_MONTHS) }),
  );
}

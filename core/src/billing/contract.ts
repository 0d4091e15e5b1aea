import { createToken } from '../container/tokens.js';
import type { AnyDb } from '../db/database.js';
import type { JsonObject } from '../db/schema.js';
import type { BillingStatus } from './state.js';

/**
 * Platform billing (issue 18, item 4) is the shop's machinery run on the platform's own account:
 * plans are subscription products there, bought through its checkout, providers, webhooks and
 * renewals. The kernel and the selling plugin meet through these two published services:
 *
 * - `PlatformBilling`, which the kernel provides: what a paid, renewed, failed or ended plan does to
 *   the site it pays for (its plan, its features, whether it is read-only);
 * - `PlatformCheckout`, which the selling plugin provides: a checkout of a plan for a site, started
 *   from that site's own dashboard.
 */

/** A site a plan can be bought for, as the platform's shop sees it. */
export interface BillableSite {
  id: string;
  name: string;
  plan: string;
  billingStatus: BillingStatus;
  /** The end of the sign-up trial (ISO time) while it runs; a plan bought meanwhile starts charging then. */
  trialEndsAt: string | null;
}

export interface PlanStart {
  siteId: string;
  plan: string;
  /** The end of the period paid for; null: no end (a one-time plan), or nothing paid yet (trialing). */
  paidUntil: Date | null;
  /** Bought during the trial with a payment method on file: the trial runs on and the first charge comes at its end. */
  trialing: boolean;
}

/**
 * `db` in these services is system access in the caller's transaction (a request's, on the embedded
 * database, which serves one connection): what the kernel's route hands the plugin, and what the
 * plugin hands back. Nothing else of the kernel travels.
 */
export interface PlatformBilling {
  /** The site `userId` owns with id `siteId`; throws not_found when there is none (or it is the platform's own). */
  billableSite(db: AnyDb, userId: string, siteId: string): Promise<BillableSite>;
  /** The names and addresses of sites plans were bought for (the platform's subscription lists show them). */
  siteNames(db: AnyDb, ids: readonly string[]): Promise<Array<{ id: string; name: string; slug: string }>>;
  /** A plan was bought for the site: it runs on the plan (its features on), writable again if it had lapsed. */
  planStarted(start: PlanStart): Promise<void>;
  /** A period was paid (a trial converted, a renewal went through). */
  planRenewed(renewal: { siteId: string; paidUntil: Date | null }): Promise<void>;
  /**
   * A renewal billed by hand (a plan paid by bank transfer) waits to be paid: its owners get the
   * order number, the amount, the platform's payment instructions and the date the site lapses
   * when it stays unpaid.
   */
  planRenewalDue(due: PlanRenewalDue): Promise<void>;
  /** A renewal was not paid: the provider retries; the owner is told how to fix it (dunning). */
  planPaymentFailed(failure: { siteId: string }): Promise<void>;
  /** The subscription ended (cancelled, refunded, or unpaid after its retries): the site goes read-only. */
  planEnded(end: { siteId: string }): Promise<void>;
}

/** A renewal order of a plan waiting for its offline payment. */
export interface PlanRenewalDue {
  siteId: string;
  orderNumber: string;
  /** Minor units of `currency`. */
  amount: number;
  currency: string;
  /** The platform's instructions for an offline payment (its shop's settings); empty when it gave none. */
  instructions: string;
  /** Unpaid by then, the plan ends and the site goes read-only. */
  dueBy: Date;
}

export type BillingInterval = 'month' | 'year' | 'once';

export interface PlanCheckoutInput {
  platformAccountId: string;
  /** The platform account's settings (its currency is the plans' currency). */
  platformSettings: JsonObject;
  site: BillableSite;
  userId: string;
  email: string;
  name: string;
  plan: string;
  interval: BillingInterval;
  provider: string;
  /** Where the provider sends the owner back: their site's billing page. */
  returnUrl: string;
}

export interface PlanCheckout {
  /** The order number on the platform's shop. */
  orderNumber: string;
  /** The provider's payment page; null for a method paid outside (offline: the platform confirms it). */
  redirect: string | null;
}

/** The plan a site pays for now, as the platform's shop bills it. */
export interface PlanSubscription {
  plan: string;
  interval: BillingInterval;
  provider: string;
  status: 'active' | 'past_due';
  /** The end of the period paid for (a trial's end while it runs), or null. */
  periodEnd: string | null;
  /** Cancelled by the owner: it ends at periodEnd and is not renewed. */
  cancelAtPeriodEnd: boolean;
}

/** One payment for a site's plan: the receipt its owner downloads. */
export interface PlanInvoice {
  /** The payment's id: the receipt's address. */
  id: string;
  orderNumber: string;
  paidAt: string;
  /** Minor units of `currency`. */
  amount: number;
  currency: string;
  provider: string;
  description: string;
  /** Minor units refunded of the order it paid. */
  refunded: number;
}

export interface PlatformCheckout {
  /** The payment methods the platform takes for plans. */
  providers(db: AnyDb, platform: { accountId: string; settings: JsonObject }): Promise<string[]>;
  /** Orders the plan for the site in the platform's shop and starts its payment. */
  start(db: AnyDb, input: PlanCheckoutInput): Promise<PlanCheckout>;
  /** The site's running plan subscription, or null (none, or a one-time plan). */
  current(db: AnyDb, platformAccountId: string, siteId: string): Promise<PlanSubscription | null>;
  /** Cancels the site's plan at the end of the period paid for (at the provider too); answers it, or null when none runs. */
  cancel(db: AnyDb, platformAccountId: string, siteId: string): Promise<PlanSubscription | null>;
  /** The payments for the site's plans, newest first (at most `limit`). */
  invoices(db: AnyDb, platformAccountId: string, siteId: string, limit: number): Promise<PlanInvoice[]>;
  /** One of those payments as a PDF receipt, or null when the site has no such payment. */
  invoicePdf(db: AnyDb, platform: { accountId: string; name: string }, site: { id: string; name: string }, invoiceId: string): Promise<Uint8Array | null>;
}

export const PlatformBillingToken = createToken<PlatformBilling>('platform.billing');
export const PlatformCheckoutToken = createToken<PlatformCheckout>('platform.checkout');

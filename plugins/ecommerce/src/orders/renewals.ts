import type { PluginContext, PluginJobs, Selectable } from '@lectern/sdk';
import { shopDb, type SubscriptionsTable } from '../db/tables.js';
import type { ShopScope } from '../scope.js';
import { findSubscription } from './store.js';

/** The queue of checks at the end of a subscription's period, and of its grace. */
export const RENEWAL_QUEUE = 'ecommerce-subscription-renewal';

/** The daily cron that queues again the checks of subscriptions past their period (a check lost after its commit). */
export const RENEWAL_SWEEP_QUEUE = 'ecommerce-subscription-renewal-sweep';
const SWEEP_CRON = '17 3 * * *';
const SWEEP_BATCH = 500;

/**
 * How long a subscription billed here stays open after its period ends while its renewal order
 * waits to be paid (the member keeps what it gives meanwhile, as Stripe's retries allow).
 */
export const RENEWAL_GRACE_DAYS = 7;

/** 'due': the period ended, bill the next one; 'grace': the grace ended, end it if still unpaid. */
export type RenewalPhase = 'due' | 'grace';

export interface RenewalJob {
  subscriptionId: string;
  /** The period end this check is for; a subscription renewed since has moved on and is left alone. */
  periodEnd: string;
  phase: RenewalPhase;
}

/** What the renewal checks ask of the order lifecycle. */
export interface RenewalActions {
  billRenewal(scope: ShopScope, subscription: Selectable<SubscriptionsTable>): Promise<void>;
  endSubscription(scope: ShopScope, subscription: Selectable<SubscriptionsTable>): Promise<boolean>;
}

/** One job per subscription, period and phase: scheduling the same check twice adds it once. */
function jobKey(accountId: string, job: RenewalJob): string {
  return `${accountId}:${job.subscriptionId}:${job.periodEnd}:${job.phase}`;
}

/**
 * Subscriptions no provider bills (sold offline, or free at first through a coupon) renew here:
 * when a period ends the member gets a renewal order at the subscription's price, which the owner
 * marks paid like any offline order; unpaid after the grace days, the subscription ends and takes
 * back what it gave. Stripe bills its own subscriptions and reports them by webhook.
 */
export class SubscriptionRenewals {
  private readonly jobs: PluginJobs;

  constructor(private readonly ctx: PluginContext) {
    this.jobs = ctx.jobs;
  }

  /** Checks the subscription when `periodEnd` (or, for 'grace', its grace) has passed; after commit. */
  schedule(scope: ShopScope, subscriptionId: string, periodEnd: Date, phase: RenewalPhase = 'due'): void {
    const accountId = scope.accountId;
    scope.afterCommit(() => this.enqueue(accountId, subscriptionId, periodEnd, phase));
  }

  private async enqueue(accountId: string, subscriptionId: string, periodEnd: Date, phase: RenewalPhase): Promise<void> {
    const job: RenewalJob = { subscriptionId, periodEnd: periodEnd.toISOString(), phase };
    const due = phase === 'due' ? periodEnd : new Date(periodEnd.getTime() + RENEWAL_GRACE_DAYS * 86_400_000);
    await this.jobs.enqueue(accountId, RENEWAL_QUEUE, job, { key: jobKey(accountId, job), startAfter: due });
  }

  /**
   * Queues the check every subscription billed here is waiting for once its period has ended: the
   * bill for an active one, the end of the grace for a past-due one. Checks are idempotent and keyed
   * by period, so one already queued is not doubled and one run already changes nothing.
   */
  async sweep(): Promise<number> {
    let queued = 0;
    for (let after: { accountId: string; id: string } | null = null; ;) {
      const cursor = after;
      const rows = await this.ctx.withSystem('ecommerce: subscriptions past their period, for their renewal checks', (db) => {
        let query = shopDb(db)
          .selectFrom('ecommerce_subscriptions')
          .select(['account_id', 'id', 'status', 'current_period_end'])
          .where('provider_subscription_id', 'is', null)
          .where('status', '!=', 'ended')
          .where('current_period_end', '<', new Date());
        if (cursor !== null)
          query = query.where((eb) =>
            eb.or([eb('account_id', '>', cursor.accountId), eb.and([eb('account_id', '=', cursor.accountId), eb('id', '>', cursor.id)])]),
          );
        return query.orderBy('account_id').orderBy('id').limit(SWEEP_BATCH).execute();
      });
      for (const row of rows) {
        if (row.current_period_end === null) continue;
        await this.enqueue(row.account_id, row.id, new Date(row.current_period_end), row.status === 'active' ? 'due' : 'grace');
        queued += 1;
      }
      if (rows.length < SWEEP_BATCH) return queued;
      const last = rows[rows.length - 1]!;
      after = { accountId: last.account_id, id: last.id };
    }
  }

  /** Declares the worker and the daily sweep (the jobs phase); the checks trust their schedule and act only on the period they name. */
  async work(actions: RenewalActions): Promise<void> {
    await this.jobs.work<RenewalJob>(
      RENEWAL_QUEUE,
      async ({ account, data, run }) => {
        if (account === null) return;
        const tasks: Array<() => void | Promise<void>> = [];
        await run(async (db) => {
          // Orders before subscriptions, as the order routes lock them (mark paid, cancel): never a deadlock.
          await shopDb(db)
            .selectFrom('ecommerce_orders')
            .select('id')
            .where('account_id', '=', account.id)
            .where('renews_subscription_id', '=', data.subscriptionId)
            .where('status', '=', 'pending')
            .forUpdate()
            .execute();
          const subscription = await findSubscription(db, account.id, data.subscriptionId, { lock: true });
          if (subscription === undefined || subscription.provider_subscription_id !== null || subscription.current_period_end === null) return;
          if (new Date(subscription.current_period_end).getTime() !== Date.parse(data.periodEnd)) return;
          const scope: ShopScope = {
            db,
            accountId: account.id,
            features: account.features,
            afterCommit: (task) => void tasks.push(task),
            siteName: account.name,
            origin: '',
          };
          if (data.phase === 'due' && subscription.status === 'active') await actions.billRenewal(scope, subscription);
          // Billed already (a retry, or a sweep after a lost grace check): the grace check is queued again, once.
          else if (data.phase === 'due' && subscription.status === 'past_due')
            this.schedule(scope, subscription.id, new Date(subscription.current_period_end), 'grace');
          if (data.phase === 'grace' && subscription.status === 'past_due') await actions.endSubscription(scope, subscription);
        });
        for (const task of tasks) await task();
      },
      { transaction: false },
    );
    // Once a day: no need to ask the queue for it every two seconds (a run started by hand wakes it).
    await this.jobs.work(RENEWAL_SWEEP_QUEUE, async () => this.sweep(), { transaction: false, pollingIntervalSeconds: 60 });
    await this.jobs.schedule(RENEWAL_SWEEP_QUEUE, SWEEP_CRON, {});
  }
}

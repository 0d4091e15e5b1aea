import type { PluginApp, Selectable } from '@lectern/sdk';
import type { ShopDb, SubscriptionsTable } from '../db/tables.js';
import { stableJobId } from '../job-id.js';
import type { ShopScope } from '../scope.js';

/** The queue of checks at the end of a subscription's period, and of its grace. */
export const RENEWAL_QUEUE = 'ecommerce-subscription-renewal';

/**
 * How long a subscription billed here stays open after its period ends while its renewal order
 * waits to be paid (the member keeps what it gives meanwhile, as Stripe's retries allow).
 */
export const RENEWAL_GRACE_DAYS = 7;

type Jobs = PluginApp['kernel']['jobs'];

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
function jobId(accountId: string, job: RenewalJob): string {
  return stableJobId(`${accountId}:${job.subscriptionId}:${job.periodEnd}:${job.phase}`);
}

/**
 * Subscriptions no provider bills (sold offline, or free at first through a coupon) renew here:
 * when a period ends the member gets a renewal order at the subscription's price, which the owner
 * marks paid like any offline order; unpaid after the grace days, the subscription ends and takes
 * back what it gave. Stripe bills its own subscriptions and reports them by webhook.
 */
export class SubscriptionRenewals {
  constructor(private readonly jobs: Jobs) {}

  /** Checks the subscription when `periodEnd` (or, for 'grace', its grace) has passed; after commit. */
  schedule(scope: ShopScope, subscriptionId: string, periodEnd: Date, phase: RenewalPhase = 'due'): void {
    const job: RenewalJob = { subscriptionId, periodEnd: periodEnd.toISOString(), phase };
    const due = phase === 'due' ? periodEnd : new Date(periodEnd.getTime() + RENEWAL_GRACE_DAYS * 86_400_000);
    const accountId = scope.accountId;
    scope.afterCommit(async () => {
      await this.jobs.enqueue(accountId, RENEWAL_QUEUE, job, { id: jobId(accountId, job), startAfter: due });
    });
  }

  /** Registers the worker; the checks trust their schedule and act only on the period they name. */
  async work(actions: RenewalActions): Promise<void> {
    await this.jobs.work<RenewalJob>(
      RENEWAL_QUEUE,
      async ({ account, data, run }) => {
        if (account === null) return;
        const tasks: Array<() => void | Promise<void>> = [];
        await run(async (db) => {
          const subscription = await (db as ShopDb)
            .selectFrom('ecommerce_subscriptions')
            .selectAll()
            .where('account_id', '=', account.id)
            .where('id', '=', data.subscriptionId)
            .forUpdate()
            .executeTakeFirst();
          if (subscription === undefined || subscription.provider_subscription_id !== null || subscription.current_period_end === null) return;
          if (new Date(subscription.current_period_end).getTime() !== Date.parse(data.periodEnd)) return;
          const scope: ShopScope = { db, accountId: account.id, features: account.features, afterCommit: (task) => void tasks.push(task), siteName: account.name, origin: '' };
          if (data.phase === 'due' && subscription.status === 'active') await actions.billRenewal(scope, subscription);
          if (data.phase === 'grace' && subscription.status === 'past_due') await actions.endSubscription(scope, subscription);
        });
        for (const task of tasks) await task();
      },
      { transaction: false },
    );
  }
}

import { sql } from 'kysely';
import type { JobService } from '../jobs/job-service.js';
import { tellOwners, lapseSite, type PlatformBillingDeps } from './platform-billing.js';
import { READ_ONLY_DAYS, suspensionDate } from './state.js';

/** The daily cron that lapses ended trials and suspends sites read-only for too long. */
export const BILLING_SWEEP_JOB = 'billing.lapse-sweep';
const SWEEP_CRON = '23 2 * * *';
const SWEEP_BATCH = 1_000;
const DAY_MS = 86_400_000;

/** How long before a trial ends its owners are reminded to choose a plan. */
export const TRIAL_REMINDER_DAYS = 3;

export interface SweepOutcome {
  /** Sites whose trial ends within TRIAL_REMINDER_DAYS: their owners were reminded. */
  reminded: string[];
  /** Sites whose trial ended without a plan: now read-only. */
  lapsed: string[];
  /** Sites read-only for READ_ONLY_DAYS: now suspended. */
  suspended: string[];
}

/**
 * Walks the sites whose standing changes with time: owners of a trial ending within three days are
 * reminded once; a trial that ended with no plan bought (none
 * on file: a plan bought during the trial made the site 'active') goes read-only; a site read-only
 * for 30 days is suspended. Each change is conditional on the standing it leaves, so two sweeps at
 * once, or one after a payment, change nothing twice. Owners are told by e-mail.
 */
export async function sweepBilling(
  deps: Pick<PlatformBillingDeps, 'withSystem' | 'invalidateAccount' | 'mail' | 'originOf'>,
  now = new Date(),
): Promise<SweepOutcome> {
  const outcome: SweepOutcome = { reminded: [], lapsed: [], suspended: [] };
  // Marked and read in one statement: two sweeps at once remind each site once. A reminder older
  // than the current end's reminder window (a super-admin extended the trial) is reminded of again.
  const soon = await deps.withSystem('billing: trials about to end', (db) =>
    db
      .updateTable('accounts')
      .set({ billing_reminded_at: now })
      .where('billing_status', '=', 'trialing')
      .where('is_platform', '=', false)
      .where('trial_ends_at', '>', now)
      .where('trial_ends_at', '<=', new Date(now.getTime() + TRIAL_REMINDER_DAYS * DAY_MS))
      .where((eb) =>
        eb.or([
          eb('billing_reminded_at', 'is', null),
          eb('billing_reminded_at', '<', sql<Date>`trial_ends_at - make_interval(days => ${TRIAL_REMINDER_DAYS})`),
        ]),
      )
      .returning(['id', 'trial_ends_at'])
      .execute(),
  );
  for (const site of soon) {
    outcome.reminded.push(site.id);
    await tellOwners(deps, site.id, { kind: 'trial_ending', endsOn: new Date(site.trial_ends_at as Date | string) });
  }
  for (;;) {
    const ended = await deps.withSystem('billing: trials that ended without a plan', (db) =>
      db
        .selectFrom('accounts')
        .select('id')
        .where('billing_status', '=', 'trialing')
        .where('trial_ends_at', '<=', now)
        .where('is_platform', '=', false)
        .limit(SWEEP_BATCH)
        .execute(),
    );
    for (const { id } of ended) {
      const lapsedAt = await lapseSite(deps, id, now, ['trialing']);
      if (lapsedAt === null) continue;
      outcome.lapsed.push(id);
      await tellOwners(deps, id, { kind: 'read_only', suspendOn: suspensionDate(lapsedAt) });
    }
    if (ended.length < SWEEP_BATCH) break;
  }
  const cutoff = new Date(now.getTime() - READ_ONLY_DAYS * DAY_MS);
  const suspended = await deps.withSystem('billing: sites read-only for too long are suspended', (db) =>
    db
      .updateTable('accounts')
      .set({ billing_status: 'suspended', updated_at: sql`now()` })
      .where('billing_status', '=', 'read_only')
      .where('billing_lapsed_at', '<=', cutoff)
      .where('is_platform', '=', false)
      .returning('id')
      .execute(),
  );
  for (const { id } of suspended) {
    await deps.invalidateAccount(id);
    outcome.suspended.push(id);
    await tellOwners(deps, id, { kind: 'suspended' });
  }
  return outcome;
}

/** Declares the sweep's worker and its daily schedule. */
export async function scheduleBillingSweep(jobs: JobService, deps: Parameters<typeof sweepBilling>[0]): Promise<void> {
  await jobs.work(BILLING_SWEEP_JOB, async () => void (await sweepBilling(deps)), { transaction: false });
  await jobs.schedule(BILLING_SWEEP_JOB, SWEEP_CRON, {});
}

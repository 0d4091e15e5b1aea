import { sql } from 'kysely';
import type { AnyDb } from '../db/database.js';
import { jobIdFor } from '../jobs/job-id.js';
import { escapeHtml } from '../notifications/templates.js';
import { challengeName, domainClaims, GRACE_FAILURES, type DomainClaim } from './domain-claims.js';
import { checkDomainProof } from './domain-proof.js';
import type { SiteSettingsDeps } from './index.js';

/** The daily cron that queues a re-check of every served custom domain. */
const DOMAIN_SWEEP_JOB = 'domains.recheck-sweep';
/** One re-check of one account's domain. */
const DOMAIN_CHECK_JOB = 'domains.recheck';
const SWEEP_CRON = '41 3 * * *';
/**
 * A domain checked more recently than this is skipped by the sweep, so running the cron by hand
 * (the super-admin's "run now") cannot use up a domain's grace in minutes.
 */
const RECHECK_AFTER = sql`interval '20 hours'`;
const SWEEP_BATCH = 10_000;

interface CheckJob {
  domain: string;
}

/**
 * Verified domains are looked up again every day: a passing check keeps (or puts back) the domain
 * as verified; a failing one alerts the owner and, after GRACE_FAILURES in a row, stops serving
 * the domain (its claim goes back to pending, and anyone may then verify it). A lookup that
 * failed (timeout, server failure) is retried by the job and never counts against the domain.
 */
export async function scheduleDomainRechecks(deps: SiteSettingsDeps): Promise<void> {
  const { jobs } = deps;
  await jobs.work(
    DOMAIN_SWEEP_JOB,
    async ({ run }) => {
      const due = await run((db) =>
        db
          .selectFrom('custom_domain_claims')
          .select(['account_id', 'domain', 'checked_at'])
          .where('status', 'in', ['verified', 'failing'])
          .where((eb) => eb.or([eb('checked_at', 'is', null), eb('checked_at', '<', sql<Date>`now() - ${RECHECK_AFTER}`)]))
          .orderBy('checked_at', (ob) => ob.asc().nullsFirst())
          .limit(SWEEP_BATCH)
          .execute(),
      );
      const checks = (due as Array<{ account_id: string; domain: string; checked_at: Date | null }>).map((row) => {
        // Keyed by the last check: queuing twice before it runs adds one job.
        const key = `${row.account_id}:${row.domain}:${row.checked_at === null ? 'never' : new Date(row.checked_at).toISOString()}`;
        return { accountId: row.account_id, data: { domain: row.domain }, id: jobIdFor(`domain-recheck:${key}`) };
      });
      await jobs.enqueueMany<CheckJob>(null, DOMAIN_CHECK_JOB, checks);
    },
    { transaction: false },
  );

  await jobs.work<CheckJob>(
    DOMAIN_CHECK_JOB,
    async ({ accountId, data, run }) => {
      if (accountId === null) return;
      const claim = await run((db) => domainClaims.find(db, accountId));
      if (claim === null || claim.domain !== data.domain || claim.status === 'pending') return;
      // The lookup runs outside any transaction: DNS can take seconds.
      const proof = await checkDomainProof(deps.resolver, claim.domain, claim.token);
      if (!proof.ok && !proof.definitive) throw new Error(proof.message);
      const unserved = await run((db) => recordCheck(db, deps, accountId, claim, proof.ok ? null : proof.message));
      // Only a domain that stopped being served changes what hosts resolve to.
      if (unserved) await deps.invalidateAccount(accountId);
    },
    { transaction: false },
  );

  await jobs.schedule(DOMAIN_SWEEP_JOB, SWEEP_CRON, {});
}

/**
 * Writes one re-check's outcome, alerting the owner on a failure and unserving after the grace.
 * True when the account stopped being served at the domain (accounts.custom_domain changed).
 */
async function recordCheck(db: AnyDb, deps: SiteSettingsDeps, accountId: string, claim: DomainClaim, failure: string | null): Promise<boolean> {
  // The lookup ran outside any transaction: the owner may have claimed another domain (or the same
  // one again, with a new token) meanwhile. This outcome is only about the claim that was checked.
  const current = await domainClaims.find(db, accountId, { lock: true });
  if (current === null || current.domain !== claim.domain || current.token !== claim.token) return false;
  const domain = escapeHtml(claim.domain);
  if (failure === null) {
    await domainClaims.update(db, accountId, { status: 'verified', failures: 0, last_error: null, checked: true });
    if (claim.status === 'failing') {
      await deps.notifications.createAccountNotification(db, {
        accountId,
        severity: 2,
        message: `<p>The DNS record of <strong>${domain}</strong> is back: the domain is verified again.</p>`,
      });
    }
    return false;
  }
  const failures = claim.failures + 1;
  const record = `<code>${escapeHtml(challengeName(claim.domain))}</code> (TXT) = <code>${escapeHtml(claim.token)}</code>`;
  if (failures < GRACE_FAILURES) {
    await domainClaims.update(db, accountId, { status: 'failing', failures, last_error: failure, checked: true });
    const left = GRACE_FAILURES - failures;
    await deps.notifications.createAccountNotification(db, {
      accountId,
      severity: 4,
      message:
        `<p>The daily check of your custom domain <strong>${domain}</strong> failed: ${escapeHtml(failure)}.</p>` +
        `<p>Keep the record ${record} in the domain's DNS. After ${left} more failed ${left === 1 ? 'check' : 'checks'} the site stops being served at ${domain}.</p>`,
    });
    return false;
  }
  // The grace is used up: the domain stops being served and its claim needs a new proof.
  const unserved = await db
    .updateTable('accounts')
    .set({ custom_domain: null, updated_at: sql`now()` })
    .where('id', '=', accountId)
    .where('custom_domain', '=', claim.domain)
    .executeTakeFirst();
  await domainClaims.update(db, accountId, { status: 'pending', failures, last_error: failure, checked: true });
  await deps.notifications.createAccountNotification(db, {
    accountId,
    severity: 5,
    message:
      `<p>Your site is no longer served at <strong>${domain}</strong>: its DNS record failed ${failures} daily checks in a row (${escapeHtml(failure)}).</p>` +
      `<p>Publish the record ${record} again and verify the domain under Site settings → Custom domain.</p>`,
  });
  return unserved.numUpdatedRows > 0n;
}

import { sql } from 'kysely';
import type { AnyDb } from '../db/database.js';
import { AppError, Errors } from '../errors/errors.js';
import type { MailSender } from '../mail/mail-sender.js';
import { currencyDigits } from '../money/currencies.js';
import { formatMoney } from '../money/format.js';
import { findPlan } from '../plans/catalogue.js';
import type { FeatureCatalogue } from '../plugins/features.js';
import { billingMail, type BillingNotice } from './billing-mail.js';
import type { BillableSite, PlanRenewalDue, PlanStart, PlatformBilling } from './contract.js';
import { suspensionDate, toBillingStatus } from './state.js';

export interface PlatformBillingDeps {
  withSystem<T>(reason: string, work: (db: AnyDb) => Promise<T>): Promise<T>;
  catalogue: FeatureCatalogue;
  invalidateAccount(accountId: string): Promise<void>;
  mail: MailSender;
  originOf(account: { slug: string; customDomain: string | null }): string;
}

/** The members holding their site's owner role: who billing writes to, and who may pay for the site. */
export function ownerMembers(db: AnyDb) {
  return db
    .selectFrom('members as m')
    .innerJoin('roles as r', (join) => join.onRef('r.account_id', '=', 'm.account_id').onRef('r.id', '=', 'm.role_id'))
    .where('r.slug', '=', 'owner');
}

/** Sends a billing notice to every owner of the site (after the change is committed). */
export async function tellOwners(deps: Pick<PlatformBillingDeps, 'withSystem' | 'mail' | 'originOf'>, siteId: string, notice: BillingNotice): Promise<void> {
  const site = await deps.withSystem('billing: the owners to tell about their bill', async (db) => {
    const account = await db.selectFrom('accounts').select(['id', 'slug', 'name', 'custom_domain']).where('id', '=', siteId).executeTakeFirst();
    const owners = await ownerMembers(db).innerJoin('users as u', 'u.id', 'm.user_id').select('u.email').where('m.account_id', '=', siteId).execute();
    return account === undefined ? undefined : { account, emails: owners.map((owner) => owner.email).filter((email): email is string => email !== null) };
  });
  if (site === undefined) return;
  const origin = deps.originOf({ slug: site.account.slug, customDomain: site.account.custom_domain });
  for (const to of site.emails) await deps.mail.send(billingMail({ accountId: siteId, to, siteName: site.account.name, origin, notice }));
}

/**
 * What the platform's shop tells the kernel about the plans it sells (billing/contract.ts). Each
 * change is a plain write of the site's new standing, so a repeated call leaves it as it was; the
 * shop calls after its own transaction committed (its webhooks are handled once per event id).
 */
export class KernelPlatformBilling implements PlatformBilling {
  constructor(private readonly deps: PlatformBillingDeps) {}

  async billableSite(db: AnyDb, userId: string, siteId: string): Promise<BillableSite> {
    const row = await ownerMembers(db)
      .innerJoin('accounts as a', 'a.id', 'm.account_id')
      .select(['a.id', 'a.name', 'a.plan', 'a.billing_status', 'a.trial_ends_at'])
      .where('a.id', '=', siteId)
      .where('a.is_platform', '=', false)
      .where('m.user_id', '=', userId)
      .executeTakeFirst();
    if (row === undefined) throw new AppError(Errors.notFound, 'No site of yours has this id');
    const trialEnds = row.trial_ends_at === null ? null : new Date(row.trial_ends_at);
    return {
      id: row.id,
      name: row.name,
      plan: row.plan,
      billingStatus: toBillingStatus(row.billing_status),
      trialEndsAt: trialEnds !== null && trialEnds.getTime() > Date.now() ? trialEnds.toISOString() : null,
    };
  }

  async siteNames(db: AnyDb, ids: readonly string[]): Promise<Array<{ id: string; name: string; slug: string }>> {
    if (ids.length === 0) return [];
    return db
      .selectFrom('accounts')
      .select(['id', 'name', 'slug'])
      .where('id', 'in', [...new Set(ids)])
      .execute();
  }

  async planStarted(start: PlanStart): Promise<void> {
    const plan = findPlan(start.plan);
    if (plan === undefined) throw new AppError(Errors.validation, `There is no plan "${start.plan}"`);
    const changed = await this.deps.withSystem('billing: a plan was bought for a site', async (db) => {
      const row = await db
        .selectFrom('accounts')
        .select(['features'])
        .where('id', '=', start.siteId)
        .where('is_platform', '=', false)
        .forUpdate()
        .executeTakeFirst();
      if (row === undefined) return false;
      // The plan's add-ons come on where the owner never switched them (an upgrade brings what it sells);
      // a switch the owner turned off stays off.
      const switches = { ...this.deps.catalogue.startingSwitches(plan.id), ...(row.features as Record<string, boolean>) };
      await db
        .updateTable('accounts')
        .set({
          plan: plan.id,
          features: JSON.stringify(switches),
          billing_status: 'active',
          billing_paid_until: start.paidUntil,
          billing_lapsed_at: null,
          // A plan bought during the trial starts charging when the trial ends; one bought after it, now.
          trial_ends_at: start.trialing ? sql`trial_ends_at` : null,
          updated_at: sql`now()`,
        })
        .where('id', '=', start.siteId)
        .execute();
      return true;
    });
    if (!changed) return;
    await this.deps.invalidateAccount(start.siteId);
    await tellOwners(this.deps, start.siteId, { kind: 'plan_active', planLabel: plan.label });
  }

  async planRenewed(renewal: { siteId: string; paidUntil: Date | null }): Promise<void> {
    const site = await this.deps.withSystem('billing: a period of a plan was paid', (db) =>
      db
        .updateTable('accounts')
        .set({ billing_status: 'active', billing_paid_until: renewal.paidUntil, billing_lapsed_at: null, trial_ends_at: null, updated_at: sql`now()` })
        .where('id', '=', renewal.siteId)
        .where('is_platform', '=', false)
        .returning(['plan'])
        .executeTakeFirst(),
    );
    if (site === undefined) return;
    await this.deps.invalidateAccount(renewal.siteId);
    // The shop handles each payment's event once, so each paid period brings one e-mail.
    await tellOwners(this.deps, renewal.siteId, { kind: 'payment_received', planLabel: findPlan(site.plan)?.label ?? site.plan, paidUntil: renewal.paidUntil });
  }

  async planRenewalDue(due: PlanRenewalDue): Promise<void> {
    const site = await this.deps.withSystem('billing: a renewal waits for its payment', (db) =>
      db.selectFrom('accounts').select(['plan']).where('id', '=', due.siteId).where('is_platform', '=', false).executeTakeFirst(),
    );
    if (site === undefined) return;
    await tellOwners(this.deps, due.siteId, {
      kind: 'renewal_due',
      planLabel: findPlan(site.plan)?.label ?? site.plan,
      orderNumber: due.orderNumber,
      amount: formatMoney(due.amount, { code: due.currency, digits: currencyDigits(due.currency) }),
      instructions: due.instructions.trim(),
      dueBy: due.dueBy,
    });
  }

  async planPaymentFailed(failure: { siteId: string }): Promise<void> {
    const site = await this.deps.withSystem('billing: a renewal of a plan failed', (db) =>
      db
        .updateTable('accounts')
        .set({ billing_status: 'past_due', updated_at: sql`now()` })
        .where('id', '=', failure.siteId)
        .where('billing_status', 'in', ['active', 'past_due'])
        .returning(['plan'])
        .executeTakeFirst(),
    );
    if (site === undefined) return;
    await this.deps.invalidateAccount(failure.siteId);
    await tellOwners(this.deps, failure.siteId, { kind: 'payment_failed', planLabel: findPlan(site.plan)?.label ?? site.plan });
  }

  async planEnded(end: { siteId: string }): Promise<void> {
    const lapsed = await lapseSite(this.deps, end.siteId, new Date(), ['active', 'past_due', 'trialing']);
    if (lapsed !== null) await tellOwners(this.deps, end.siteId, { kind: 'read_only', suspendOn: suspensionDate(lapsed) });
  }
}

/** Makes the site read-only from `now` if its standing is one of `from`; answers when it lapsed, or null when it did not change. */
export async function lapseSite(
  deps: Pick<PlatformBillingDeps, 'withSystem' | 'invalidateAccount'>,
  siteId: string,
  now: Date,
  from: ReadonlyArray<'active' | 'past_due' | 'trialing'>,
): Promise<Date | null> {
  const row = await deps.withSystem('billing: a site whose plan lapsed goes read-only', (db) =>
    db
      .updateTable('accounts')
      .set({ billing_status: 'read_only', billing_lapsed_at: now, updated_at: sql`now()` })
      .where('id', '=', siteId)
      .where('is_platform', '=', false)
      .where('billing_status', 'in', [...from])
      .returning('id')
      .executeTakeFirst(),
  );
  if (row === undefined) return null;
  await deps.invalidateAccount(siteId);
  return now;
}

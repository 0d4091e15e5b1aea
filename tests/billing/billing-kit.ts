import { expect } from 'vitest';
import type { TestAccount, TestKernel, TestMember } from '@lectern/sdk/testing';

/** A site's standing with the platform's bill, as the billing tests read it. */
export interface Standing {
  plan: string;
  billing_status: string;
  trial_ends_at: Date | null;
  billing_paid_until: Date | null;
  billing_lapsed_at: Date | null;
  features: Record<string, boolean>;
}

/**
 * What the platform-billing tests share, whichever provider they sell through: calls that must
 * answer a status, a site's standing, the billing mail its owners got and a site on its sign-up
 * trial. `kernel` is read at each call (the suite makes it in beforeAll).
 */
export function billingKit(kernel: () => TestKernel) {
  const call = async <T>(method: string, url: string, as: TestMember, payload?: unknown, status = 200): Promise<T> => {
    const res = await kernel().request({ method: method as 'GET', url, as, ...(payload === undefined ? {} : { payload }) });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    return res.json<T>();
  };
  const standing = (site: TestAccount) =>
    kernel().kernel.withSystem('test: the site’s standing', async (db) =>
      db
        .selectFrom('accounts')
        .select(['plan', 'billing_status', 'trial_ends_at', 'billing_paid_until', 'billing_lapsed_at', 'features'])
        .where('id', '=', site.id)
        .executeTakeFirstOrThrow(),
    ) as Promise<Standing>;
  const billingMails = (site: TestAccount) =>
    kernel().kernel.withSystem('test: billing mail of the site', (db) =>
      db
        .selectFrom('mail_outbox')
        .select(['to', 'subject', 'text'])
        .where('account_id', '=', site.id)
        .where('type', '=', 'billing')
        .orderBy('created_at')
        .execute(),
    ) as Promise<Array<{ to: string; subject: string; text: string }>>;
  /** A site on Starter in its sign-up trial, with its owner. */
  const trialSite = async (trialEndsAt: Date) => {
    const t = kernel();
    const site = await t.createAccount({ plan: 'starter' });
    const owner = await t.createMember(site, { role: 'owner' });
    await t.kernel.withSystem('test: the site is on its sign-up trial', (db) =>
      db.updateTable('accounts').set({ trial_ends_at: trialEndsAt, billing_status: 'trialing' }).where('id', '=', site.id).execute(),
    );
    await t.kernel.accounts.invalidate(site.id);
    return { site, owner };
  };
  return { call, standing, billingMails, trialSite };
}

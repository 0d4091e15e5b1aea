import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Platform billing (issue 18, item 4): where each site stands with the platform's bill.
 * - `billing_status`: 'trialing' (a sign-up's trial, no plan paid yet), 'active' (a paid plan, or a
 *   trial with a payment method on file), 'past_due' (a renewal failed; the provider retries),
 *   'read_only' (the trial or subscription lapsed: nothing deleted, nothing written), 'suspended'
 *   (read-only for 30 days), 'comp' (not billed: the platform's own site, super-admins' accounts).
 * - `billing_paid_until`: the end of the period paid for (null: none, or not billed).
 * - `billing_lapsed_at`: when the site went read-only; suspension follows 30 days later.
 */
export const platformBilling: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await sql`ALTER TABLE accounts ADD COLUMN billing_status text NOT NULL DEFAULT 'comp'
      CHECK (billing_status IN ('trialing', 'active', 'past_due', 'read_only', 'suspended', 'comp'))`.execute(db);
    await sql`ALTER TABLE accounts ADD COLUMN billing_paid_until timestamptz NULL`.execute(db);
    await sql`ALTER TABLE accounts ADD COLUMN billing_lapsed_at timestamptz NULL`.execute(db);
    await sql`UPDATE accounts SET billing_status = 'trialing' WHERE trial_ends_at IS NOT NULL AND NOT is_platform`.execute(db);
    // The daily sweep looks for trials that ended and read-only sites due for suspension.
    await sql`CREATE INDEX accounts_billing_due ON accounts (billing_status, trial_ends_at) WHERE billing_status IN ('trialing', 'read_only')`.execute(db);
  },
};

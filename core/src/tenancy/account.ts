import { toBillingStatus, type BillingStatus } from '../billing/state.js';
import type { JsonObject } from '../db/schema.js';

/** An account as requests see it, with its effective features already worked out. */
export interface Account {
  id: string;
  slug: string;
  name: string;
  customDomain: string | null;
  isPlatform: boolean;
  plan: string;
  /** A super-admin suspended the site: its tenant routes answer 403 account_suspended. */
  suspended: boolean;
  /** When the sign-up trial ends (ISO time), or null when the account is not on a trial. */
  trialEndsAt: string | null;
  /** The owner whose e-mail confirmation makes the public site visible (SIGNUP_CONFIRM_EMAIL); null: it is. */
  awaitingConfirmationOf: string | null;
  /** Where the site stands with the platform's bill; 'read_only' and 'suspended' refuse writes (billing/state.ts). */
  billingStatus: BillingStatus;
  /** When the site went read-only for billing (ISO time), or null. */
  billingLapsedAt: string | null;
  /** The end of the period the plan is paid for (ISO time), or null. */
  billingPaidUntil: string | null;
  /** Features switched on by the owner and included in the plan. */
  features: ReadonlySet<string>;
  /** The owner's raw switches (kept even when the plan no longer includes them). */
  featureSwitches: Readonly<Record<string, boolean>>;
  pluginVersions: Readonly<Record<string, string>>;
  settings: JsonObject;
  menus: JsonObject;
  header: JsonObject;
  footer: JsonObject;
  theme: JsonObject;
  misc: JsonObject;
  notices: JsonObject;
}

export interface AccountRow {
  id: string;
  slug: string;
  name: string;
  custom_domain: string | null;
  is_platform: boolean;
  plan: string;
  features: Record<string, boolean>;
  plugin_versions: Record<string, string>;
  settings: JsonObject;
  menus: JsonObject;
  header: JsonObject;
  footer: JsonObject;
  theme: JsonObject;
  misc: JsonObject;
  notices: JsonObject;
  suspended_at?: Date | string | null;
  trial_ends_at?: Date | string | null;
  awaiting_confirmation_of?: string | null;
  billing_status?: string;
  billing_lapsed_at?: Date | string | null;
  billing_paid_until?: Date | string | null;
}

export function toAccount(row: AccountRow, effective: (row: AccountRow) => Set<string>): Account {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    customDomain: row.custom_domain,
    isPlatform: row.is_platform,
    plan: row.plan,
    suspended: row.suspended_at != null,
    trialEndsAt: row.trial_ends_at == null ? null : new Date(row.trial_ends_at).toISOString(),
    awaitingConfirmationOf: row.awaiting_confirmation_of ?? null,
    billingStatus: toBillingStatus(row.billing_status),
    billingLapsedAt: row.billing_lapsed_at == null ? null : new Date(row.billing_lapsed_at).toISOString(),
    billingPaidUntil: row.billing_paid_until == null ? null : new Date(row.billing_paid_until).toISOString(),
    features: effective(row),
    featureSwitches: row.features,
    pluginVersions: row.plugin_versions,
    settings: row.settings,
    menus: row.menus,
    header: row.header,
    footer: row.footer,
    theme: row.theme,
    misc: row.misc,
    notices: row.notices,
  };
}

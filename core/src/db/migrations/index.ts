import type { MigrationMap } from '../migrator.js';
import type { TableDeclarations } from '../tenancy-check.js';
import { tenancy } from './0001-tenancy.js';
import { auth } from './0002-auth.js';
import { storage } from './0003-storage.js';
import { jobsMail } from './0004-jobs-mail.js';
import { notifications } from './0005-notifications.js';
import { dashboard } from './0006-dashboard.js';
import { support } from './0007-support.js';
import { platform } from './0008-platform.js';
import { content } from './0009-content.js';
import { customDomains } from './0010-custom-domains.js';
import { authLimits } from './0011-auth-limits.js';
import { oneTimeLinkSecrets } from './0012-one-time-link-secrets.js';
import { automation } from './0013-automation.js';
import { signup } from './0014-signup.js';
import { usageMeters } from './0015-usage-meters.js';
import { platformBilling } from './0016-platform-billing.js';
import { contentDocs } from './0017-content-docs.js';
import { trialReminders } from './0018-trial-reminders.js';
import { automationBacktests } from './0019-automation-backtests.js';
import { mailListUnsubscribe } from './0020-mail-list-unsubscribe.js';

/** The kernel's migrations, applied before any plugin's. Names sort in the order they run. */
export const kernelMigrations: MigrationMap = {
  '0001-tenancy': tenancy,
  '0002-auth': auth,
  '0003-storage': storage,
  '0004-jobs-mail': jobsMail,
  '0005-notifications': notifications,
  '0006-dashboard': dashboard,
  '0007-support': support,
  '0008-platform': platform,
  '0009-content': content,
  '0010-custom-domains': customDomains,
  '0011-auth-limits': authLimits,
  '0012-one-time-link-secrets': oneTimeLinkSecrets,
  '0013-automation': automation,
  '0014-signup': signup,
  '0015-usage-meters': usageMeters,
  '0016-platform-billing': platformBilling,
  '0017-content-docs': contentDocs,
  '0018-trial-reminders': trialReminders,
  '0019-automation-backtests': automationBacktests,
  '0020-mail-list-unsubscribe': mailListUnsubscribe,
};

/**
 * The kernel's global tables and what request transactions may do with them. Everything else the
 * kernel creates is a tenant table.
 */
export const kernelTables: TableDeclarations = {
  accounts: {
    scope: 'global',
    app: 'SELECT, UPDATE (name, settings, menus, header, footer, theme, misc, notices, features, plugin_versions, custom_domain, updated_at)',
  },
  users: { scope: 'global', app: 'SELECT (id, email, phone, display_name, avatar, is_anonymous, user_metadata, created_at)' },
  auth_signing_keys: { scope: 'global' },
  // Reached only through the kernel's auth service (system access), never by request transactions.
  auth_identities: { scope: 'global' },
  auth_mfa_factors: { scope: 'global' },
  auth_mfa_challenges: { scope: 'global' },
  // Sign-in limit counters (core/src/auth/limits): kernel owner connection only.
  auth_rate_counters: { scope: 'global' },
  storage_buckets: 'tenant',
  storage_objects: 'tenant',
  // mail_outbox, mail_batches and mail_usage are tenant tables; jobs live in schema pgboss (not public).
  // Tenant tables (row-level security per account), declared for the record.
  notifications: 'tenant',
  account_notifications: 'tenant',
  tickets: 'tenant',
  ticket_messages: 'tenant',
  platform_update_reads: 'tenant',
  // Written only through system access (super-admins publish); every account's managers read them.
  platform_updates: { scope: 'global', app: 'SELECT' },
  member_meta: 'tenant',
  content_items: 'tenant',
  content_revisions: 'tenant',
  terms: 'tenant',
  term_relationships: 'tenant',
  custom_domain_claims: 'tenant',
  automations: 'tenant',
  automation_events: 'tenant',
  automation_runs: 'tenant',
  automation_run_steps: 'tenant',
  usage_counters: 'tenant',
  usage_active_users: 'tenant',
};

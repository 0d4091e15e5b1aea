import { TtlCache } from '../cache/ttl-cache.js';
import type { MessageBus } from '../cache/bus.js';
import type { AnyDb } from '../db/database.js';
import { classifyHost } from './hosts.js';
import { toAccount, type Account, type AccountRow } from './account.js';

/** Carries the id of every account whose row changed, to every instance (caches built from the row listen). */
export const ACCOUNTS_CHANGED_CHANNEL = 'accounts.changed';
const CHANNEL = ACCOUNTS_CHANGED_CHANNEL;
const ACCOUNT_COLUMNS = [
  'id',
  'slug',
  'name',
  'custom_domain',
  'is_platform',
  'plan',
  'features',
  'plugin_versions',
  'settings',
  'menus',
  'header',
  'footer',
  'theme',
  'misc',
  'notices',
  'suspended_at',
  'trial_ends_at',
  'awaiting_confirmation_of',
  'billing_status',
  'billing_lapsed_at',
  'billing_paid_until',
] as const;

/**
 * Finds the account a request addresses and keeps recent answers in memory (a minute), so the hot
 * path costs no query. Changes to an account purge it on every instance through the bus.
 */
export class AccountDirectory {
  private readonly byHost = new TtlCache<Account | null>(60_000, 50_000);

  constructor(
    private readonly owner: AnyDb,
    private readonly bus: MessageBus,
    private readonly platformDomain: string,
    private readonly effectiveFeatures: (row: AccountRow) => Set<string>,
  ) {}

  async start(): Promise<void> {
    await this.bus.subscribe(CHANNEL, () => this.byHost.clear());
  }

  async resolveHost(hostname: string): Promise<Account | null> {
    const cached = this.byHost.get(hostname);
    if (cached !== undefined) return cached;
    const target = classifyHost(hostname, this.platformDomain);
    let query = this.owner.selectFrom('accounts').select(ACCOUNT_COLUMNS);
    if (target.kind === 'platform') query = query.where('is_platform', '=', true);
    else if (target.kind === 'slug') query = query.where('slug', '=', target.slug);
    // custom_domain holds only a domain its account proved control of (site-settings/domain-routes.ts);
    // a domain still waiting for its proof resolves to no account (404 account_not_found).
    else if (target.kind === 'custom') query = query.where('custom_domain', '=', target.domain);
    else return null; // not worth caching: anyone can invent endless invalid hosts
    const row = (await query.executeTakeFirst()) as AccountRow | undefined;
    const account = row === undefined ? null : toAccount(row, this.effectiveFeatures);
    this.byHost.set(hostname, account);
    return account;
  }

  async findById(id: string): Promise<Account | null> {
    const row = (await this.owner.selectFrom('accounts').select(ACCOUNT_COLUMNS).where('id', '=', id).executeTakeFirst()) as AccountRow | undefined;
    return row === undefined ? null : toAccount(row, this.effectiveFeatures);
  }

  async findBySlug(slug: string): Promise<Account | null> {
    const row = (await this.owner.selectFrom('accounts').select(ACCOUNT_COLUMNS).where('slug', '=', slug).executeTakeFirst()) as AccountRow | undefined;
    return row === undefined ? null : toAccount(row, this.effectiveFeatures);
  }

  /** Call after an account row changed (its settings, features, domain…). */
  async invalidate(accountId: string): Promise<void> {
    await this.bus.publish(CHANNEL, accountId);
  }
}

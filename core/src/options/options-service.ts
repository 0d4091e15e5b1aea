import { sql } from 'kysely';
import { TtlCache } from '../cache/ttl-cache.js';
import type { MessageBus } from '../cache/bus.js';
import type { AnyDb } from '../db/database.js';

/** One profile-menu entry: which dashboard entries an account shows, and in what order (SPEC §2). */
export interface ProfileMenuEntry {
  id: string;
  enabled: boolean;
  order: number;
}

/** One touchpoint switch (SPEC §7): emails and notifications fire only when enabled. */
export interface TouchpointSetting {
  email: boolean;
  notification: boolean;
  subject?: string;
  body?: string;
}

/** Per-site sign-in settings (option `auth`). */
export interface AuthSettings {
  /** Sign-ups are confirmed at once (no confirmation email). */
  autoconfirm: boolean;
  signupEnabled: boolean;
  anonymousEnabled: boolean;
  /** Extra addresses (prefix match) redirect_to may point at besides the site itself. */
  redirectUrls: string[];
  /** How long one-time codes and links stay valid. */
  otpTtlSeconds: number;
  /** Shortest password accepted at sign-up and password change. */
  passwordMinLength: number;
  /** Character kinds a password must contain (GoTrue's choices of required characters). */
  passwordRequiredCharacters: PasswordCharacterRule;
  /** Refuse passwords found on a list of common and breached passwords. */
  passwordCheckCommon: boolean;
  /**
   * A password change needs a sign-in within the last 24 hours or the code sent by
   * GET /auth/v1/reauthenticate (Supabase's `secure_password_change`).
   */
  securePasswordChange: boolean;
}

/** GoTrue's required-character choices: none, letters and digits, lower/upper/digits, and with symbols. */
export type PasswordCharacterRule = 'none' | 'letters_digits' | 'lower_upper_digits' | 'lower_upper_digits_symbols';

export const DEFAULT_AUTH_SETTINGS: AuthSettings = {
  autoconfirm: true,
  signupEnabled: true,
  anonymousEnabled: true,
  redirectUrls: [],
  otpTtlSeconds: 3600,
  // DECISIONS.md "Sign-in policy": at least 8 characters, no required kinds, common passwords refused.
  passwordMinLength: 8,
  passwordRequiredCharacters: 'none',
  passwordCheckCommon: true,
  securePasswordChange: false,
};

/** The site as an installable web app (option `app`, /dashboard/app): what its manifest says. */
export interface AppSettings {
  name?: string;
  short_name?: string;
  description?: string;
  icons?: Array<{ src: string; sizes: string; type?: string; purpose?: string }>;
  theme_color?: string;
  background_color?: string;
  display?: 'standalone' | 'minimal-ui' | 'browser';
}

/**
 * Known option keys and their value types. Plugins add theirs by declaration merging, under
 * `<plugin>.<key>` names.
 */
export interface OptionTypes {
  profilemenu: ProfileMenuEntry[];
  touchpoints: Record<string, TouchpointSetting>;
  auth: Partial<AuthSettings>;
  app: AppSettings;
}

export type OptionKey = keyof OptionTypes | (string & {});
export type OptionValue<K> = K extends keyof OptionTypes ? OptionTypes[K] : unknown;

const CHANNEL = 'options.changed';
/** SPEC §9: options are cached for an hour; writes purge them on every instance. */
export const OPTIONS_CACHE_MS = 3_600_000;
const MISSING = Symbol('missing');

/**
 * Per-account key/value settings. Reads go through an hour-long cache; a write purges the key on
 * every instance once its transaction has committed, so no instance caches a value that was
 * rolled back.
 */
export class OptionsService {
  private readonly cache = new TtlCache<unknown>(OPTIONS_CACHE_MS, 100_000);
  /**
   * The keys written through each database handle (a transaction): read back through that handle
   * they bypass the cache, so the cache never holds a value its transaction may yet roll back.
   */
  private readonly written = new WeakMap<object, Set<string>>();

  constructor(private readonly bus: MessageBus) {}

  async start(): Promise<void> {
    await this.bus.subscribe(CHANNEL, (key) => this.cache.deletePrefix(key));
  }

  /**
   * Reads an option through `db` (the request or job transaction, so RLS keeps it to that account),
   * from the cache unless this transaction wrote the key.
   */
  async get<K extends OptionKey>(db: AnyDb, accountId: string, key: K): Promise<OptionValue<K> | undefined>;
  async get<K extends OptionKey>(db: AnyDb, accountId: string, key: K, fallback: OptionValue<K>): Promise<OptionValue<K>>;
  async get<K extends OptionKey>(db: AnyDb, accountId: string, key: K, fallback?: OptionValue<K>): Promise<OptionValue<K> | undefined> {
    const cacheKey = `${accountId}:${key}`;
    if (this.written.get(db)?.has(cacheKey) === true) {
      const stored = await this.read(db, accountId, key);
      return stored === undefined ? fallback : (stored as OptionValue<K>);
    }
    let value = this.cache.get(cacheKey);
    if (value === undefined) {
      const row = await db.selectFrom('options').select('value').where('account_id', '=', accountId).where('key', '=', key).executeTakeFirst();
      value = row === undefined ? MISSING : row.value;
      this.cache.set(cacheKey, value);
    }
    return value === MISSING ? fallback : (value as OptionValue<K>);
  }

  /** Reads straight from the database, bypassing the cache. */
  async read(db: AnyDb, accountId: string, key: OptionKey): Promise<unknown> {
    const row = await db.selectFrom('options').select('value').where('account_id', '=', accountId).where('key', '=', key).executeTakeFirst();
    return row?.value;
  }

  /** Writes an option; returns the purge to run once the write is committed. */
  async set<K extends OptionKey>(db: AnyDb, accountId: string, key: K, value: OptionValue<K>): Promise<() => Promise<void>> {
    this.markWritten(db, accountId, key);
    await db
      .insertInto('options')
      .values({ account_id: accountId, key, value: JSON.stringify(value) })
      .onConflict((oc) => oc.columns(['account_id', 'key']).doUpdateSet({ value: sql`excluded.value`, updated_at: sql`now()` }))
      .execute();
    return () => this.purge(accountId, key);
  }

  async delete(db: AnyDb, accountId: string, key: OptionKey): Promise<() => Promise<void>> {
    this.markWritten(db, accountId, key);
    await db.deleteFrom('options').where('account_id', '=', accountId).where('key', '=', key).execute();
    return () => this.purge(accountId, key);
  }

  private markWritten(db: AnyDb, accountId: string, key: OptionKey): void {
    let keys = this.written.get(db);
    if (keys === undefined) this.written.set(db, (keys = new Set()));
    keys.add(`${accountId}:${key}`);
  }

  async purge(accountId: string, key?: OptionKey): Promise<void> {
    await this.bus.publish(CHANNEL, key === undefined ? `${accountId}:` : `${accountId}:${key}`);
  }
}

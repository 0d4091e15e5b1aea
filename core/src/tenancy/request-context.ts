import type { FastifyBaseLogger } from 'fastify';
import type { DependencyContainer } from 'tsyringe';
import type { AccessClaims } from '../auth/tokens.js';
import type { AnyDb } from '../db/database.js';
import type { HookScope } from '../hooks/hook-bus.js';
import type { MemberInfo } from '../members/member-directory.js';
import type { OptionKey, OptionValue } from '../options/options-service.js';
import type { Account } from './account.js';

/**
 * What a handler works with: the account the host named, the signed-in user, and `db`, the one
 * transaction the whole request runs in (row-level security keeps it to this account).
 */
export interface RequestContext {
  readonly account: Account;
  readonly auth: AccessClaims | null;
  readonly userId: string | null;
  readonly isSuperAdmin: boolean;
  /** The request transaction. It is committed when the handler returns and rolled back if it throws. */
  readonly db: AnyDb;
  readonly log: FastifyBaseLogger;
  /** A child container holding this request's account, member and transaction. */
  readonly container: DependencyContainer;
  readonly hookScope: HookScope;
  member(): Promise<MemberInfo | null>;
  /** True when the member's role grants the capability (super-admins on the platform account: always). */
  can(capability: string): Promise<boolean>;
  options: {
    get<K extends OptionKey>(key: K): Promise<OptionValue<K> | undefined>;
    get<K extends OptionKey>(key: K, fallback: OptionValue<K>): Promise<OptionValue<K>>;
    set<K extends OptionKey>(key: K, value: OptionValue<K>): Promise<void>;
    delete(key: OptionKey): Promise<void>;
  };
  /** Runs after the transaction commits (cache purges, notifications): never for rolled-back work. */
  afterCommit(task: () => void | Promise<void>): void;
  /** Runs once the transaction has ended, committed or not. */
  afterSettled(task: () => void | Promise<void>): void;
  /** Leaves tenancy for one logged purpose; see Kernel.withSystem. */
  withSystem<T>(reason: string, work: (db: AnyDb) => Promise<T>): Promise<T>;
}

import type { FastifyBaseLogger } from 'fastify';
import type { AnyDb } from '../db/database.js';
import type { HookScope } from '../hooks/hook-bus.js';
import type { AccountScope } from '../plugins/contract.js';
import type { RequestContext } from '../tenancy/request-context.js';

/**
 * The unit of work notifications and touchpoints run in: the caller's transaction (`db`, tenancy
 * already set for `accountId`), the account's effective features (so feature-gated hook handlers
 * behave as they do for requests) and a way to run tasks once that transaction has committed.
 */
export interface WorkScope {
  readonly db: AnyDb;
  readonly accountId: string;
  readonly features: ReadonlySet<string>;
  afterCommit(task: () => void | Promise<void>): void;
}

/** The work scope of a tenant route: `request.ctx`. */
export function fromRequest(ctx: RequestContext): WorkScope {
  return { db: ctx.db, accountId: ctx.account.id, features: ctx.account.features, afterCommit: (task) => ctx.afterCommit(task) };
}

export function hookScopeOf(scope: WorkScope): HookScope {
  return { accountId: scope.accountId, features: scope.features };
}

type InAccount = <T>(accountId: string, work: (scope: AccountScope) => Promise<T>) => Promise<T>;

/**
 * Runs work in its own transaction inside an account's tenancy (jobs, seeds, plugin background
 * work) and then its after-commit tasks, in order; a failing task is logged and does not stop the
 * others. Nothing runs after a rollback. Do not call this inside a request on the embedded
 * database: its single backend would wait for the request's own transaction.
 */
export async function runInAccount<T>(inAccount: InAccount, log: FastifyBaseLogger, accountId: string, work: (scope: WorkScope) => Promise<T>): Promise<T> {
  const tasks: Array<() => void | Promise<void>> = [];
  const result = await inAccount(accountId, (scope) =>
    work({ db: scope.db, accountId, features: scope.account.features, afterCommit: (task) => tasks.push(task) }),
  );
  for (const task of tasks) {
    try {
      await task();
    } catch (error) {
      log.error({ err: error, accountId }, 'after-commit task failed');
    }
  }
  return result;
}

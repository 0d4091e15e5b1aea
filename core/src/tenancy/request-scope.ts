import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DependencyContainer } from 'tsyringe';
import type { AccessClaims } from '../auth/tokens.js';
import type { AnyDb, Database } from '../db/database.js';
import { billingRefusal } from '../billing/state.js';
import { AppError, Errors } from '../errors/errors.js';
import type { MemberDirectory } from '../members/member-directory.js';
import type { OptionsService } from '../options/options-service.js';
import type { Account } from './account.js';
import type { RequestContext } from './request-context.js';
import type { SystemAccess } from './system-access.js';
import { Tokens } from '../container/tokens.js';
import { runInTenantTransaction } from './transaction.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The account the host names; null on hosts that name none (only seen by non-tenant routes). */
    account: Account | null;
    /** Claims of a valid bearer token, or null when signed out. */
    auth: AccessClaims | null;
    /** The request's tenancy context; present while a tenant route's handler runs. */
    ctx: RequestContext;
  }
}

export interface ScopeDependencies {
  database: Database;
  members: MemberDirectory;
  options: OptionsService;
  system: SystemAccess;
  container: DependencyContainer;
  superadminEmails: ReadonlySet<string>;
}

/**
 * Runs one tenant route: feature gate, one transaction with the account (and user) set locally,
 * the permission checks, the handler, then commit (or rollback) and the after-commit tasks.
 */
export class RequestScope {
  constructor(private readonly deps: ScopeDependencies) {}

  async run(request: FastifyRequest, reply: FastifyReply, handler: () => Promise<unknown>): Promise<unknown> {
    const account = request.account;
    if (account === null) throw new AppError(Errors.accountNotFound);
    // Sign-in stays open on a suspended site so its owners learn why everything else is refused.
    if (account.suspended && !request.routeOptions.url?.startsWith('/auth/v1/')) throw new AppError(Errors.accountSuspended);
    const config = request.routeOptions.config;
    const refusal = billingRefusal({
      status: account.billingStatus,
      method: request.method,
      url: request.routeOptions.url,
      billingRoute: config.billing === true,
    });
    if (refusal !== null) throw new AppError(Errors[refusal]);
    if (config.feature !== undefined && !account.features.has(config.feature)) throw new AppError(Errors.notFound);
    const auth = request.auth;
    if (!config.public && auth === null) {
      if (config.page) return redirectToLogin(request, reply, 'No auth session, redirecting');
      throw new AppError(Errors.notAuthenticated);
    }

    const afterCommit: Array<() => void | Promise<void>> = [];
    const afterSettled: Array<() => void | Promise<void>> = [];
    let committed = false;
    try {
      const result = await runInTenantTransaction(this.deps.database, account.id, auth?.sub, async (db) => {
        const ctx = this.createContext(request, db, account, auth, afterCommit, afterSettled);
        request.ctx = ctx;
        if (!(await this.authorize(request, ctx))) return redirectToLogin(request, reply, 'User is not permitted, redirecting');
        const value = await handler();
        // The response should leave after the commit; a handler that sent it itself broke that.
        if (reply.sent) request.log.warn({ url: request.url }, 'handler sent its reply before the transaction committed; return the value instead');
        return value;
      });
      committed = true;
      return reply.sent ? reply : result;
    } finally {
      if (committed) await runTasks(afterCommit, request);
      await runTasks(afterSettled, request);
    }
  }

  /** True when the caller may go on; false for a page the caller may not see (they are redirected). */
  private async authorize(request: FastifyRequest, ctx: RequestContext): Promise<boolean> {
    const config = request.routeOptions.config;
    if (config.public) return true;
    let allowed = true;
    if (config.capability !== undefined) {
      const wanted = Array.isArray(config.capability) ? config.capability : [config.capability];
      allowed = false;
      for (const capability of wanted) if (await ctx.can(capability)) allowed = true;
    }
    if (allowed && config.check !== undefined) allowed = await config.check(request);
    if (allowed) return true;
    if (config.page) return false;
    throw new AppError(Errors.forbidden);
  }

  private createContext(
    request: FastifyRequest,
    db: AnyDb,
    account: Account,
    auth: AccessClaims | null,
    afterCommit: Array<() => void | Promise<void>>,
    afterSettled: Array<() => void | Promise<void>>,
  ): RequestContext {
    const { members, options, system, superadminEmails, container: rootContainer } = this.deps;
    const userId = auth?.sub ?? null;
    // A listed email counts only once its owner confirmed it (tokens minted without the claim, e.g.
    // by the test harness for seeded users, are trusted as confirmed).
    const isSuperAdmin =
      auth?.email !== undefined &&
      superadminEmails.has(auth.email.toLowerCase()) &&
      auth.role === 'authenticated' &&
      auth.is_anonymous !== true &&
      (auth as { email_verified?: boolean }).email_verified !== false;
    let member: Promise<Awaited<ReturnType<MemberDirectory['load']>>> | undefined;
    let container: DependencyContainer | undefined;
    const ctx: RequestContext = {
      account,
      auth,
      userId,
      isSuperAdmin,
      db,
      log: request.log,
      hookScope: { accountId: account.id, features: account.features },
      get container() {
        if (container === undefined) {
          container = rootContainer.createChildContainer();
          container.register(Tokens.Account, { useValue: account });
          container.register(Tokens.RequestContext, { useValue: ctx });
          container.register(Tokens.Transaction, { useValue: db });
        }
        return container;
      },
      member() {
        if (userId === null) return Promise.resolve(null);
        member ??= members.load(db, account.id, userId);
        return member;
      },
      async can(capability) {
        // Super-admins run the platform account; on tenant sites they are members like anyone else.
        if (isSuperAdmin && account.isPlatform) return true;
        const info = await ctx.member();
        return info !== null && info.caps.has(capability);
      },
      options: {
        // Cached; a key this transaction wrote is read back uncached (OptionsService tracks it per transaction).
        get: (async (key: string, fallback?: unknown) => {
          const value = await options.get(db, account.id, key);
          return value === undefined ? fallback : value;
        }) as RequestContext['options']['get'],
        async set(key, value) {
          const purge = await options.set(db, account.id, key, value);
          afterSettled.push(purge);
        },
        async delete(key) {
          const purge = await options.delete(db, account.id, key);
          afterSettled.push(purge);
        },
      },
      afterCommit: (task) => afterCommit.push(task),
      afterSettled: (task) => afterSettled.push(task),
      withSystem: (reason, work) => system.run(reason, work, { requestDb: db, plugin: request.routeOptions.config.plugin }),
    };
    return ctx;
  }
}

/** SPEC §2 guard: to the configured path (default "/") with the page asked for in redirectedFrom. */
function redirectToLogin(request: FastifyRequest, reply: FastifyReply, logLine: string): string {
  const target = request.routeOptions.config.redirectTo ?? '/';
  const from = request.url.split('?')[0] ?? '/';
  request.log.info({ redirectedFrom: from }, logLine);
  const separator = target.includes('?') ? '&' : '?';
  reply.code(302).header('location', `${target}${separator}redirectedFrom=${encodeURIComponent(from)}`);
  return '';
}

async function runTasks(tasks: Array<() => void | Promise<void>>, request: FastifyRequest): Promise<void> {
  for (const task of tasks) {
    try {
      await task();
    } catch (error) {
      request.log.error({ err: error }, 'after-transaction task failed');
    }
  }
}

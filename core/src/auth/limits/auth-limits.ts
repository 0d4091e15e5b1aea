import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authErrors, type AuthError } from '../auth-error.js';
import type { RequestContext } from '../../tenancy/request-context.js';
import type { CounterStore } from './counter-store.js';

/** A per-client limit of an auth route: requests per client address, site and route in a window. */
export interface AuthLimit {
  max: number;
  windowMs: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The auth API's per-client limit for this route, counted in the shared counter store. */
    authLimit?: AuthLimit;
  }
}

/** The window of the per-client and per-address sign-in limits. */
export const SIGN_IN_WINDOW_MS = 5 * 60_000;
/** Wrong guesses at one address's codes before they are burnt (6 digits are few), until a new code is sent. */
export const MAX_CODE_ATTEMPTS = 5;
/** How long wrong guesses at codes are remembered: a code's default lifetime. */
const CODE_WINDOW_MS = 3_600_000;

const hostOf = (request: FastifyRequest) => request.hostname.toLowerCase().replace(/\.$/, '');

/**
 * The auth API's brute-force limits, counted in a store every instance shares (Redis, or the
 * database) so that neither more instances nor a restart buys an attacker fresh attempts:
 *
 * - per client: requests per client address, site and route (GoTrue's over_request_rate_limit);
 * - per address: password sign-ins at one email or phone, whichever clients they come from
 *   (platform-wide, as users are: the same password opens every site);
 * - per address and site: guesses at one-time codes (and reauthentication codes per user); past
 *   five, the open codes stop working until a new one is sent.
 *
 * Attempts are counted before they are checked and forgiven on success, so a burst of parallel
 * guesses cannot slip past the count, and a refused attempt (whose transaction rolls back) still
 * counts: the counters live outside the request's transaction.
 */
export class AuthLimits {
  /** Sign-in endpoints. */
  readonly signIn: AuthLimit;
  /** Reads of the user, settings and keys: far more frequent than sign-ins, so ten times roomier. */
  readonly reads: AuthLimit;

  constructor(
    private readonly counters: CounterStore,
    perClient: number,
  ) {
    this.signIn = { max: perClient, windowMs: SIGN_IN_WINDOW_MS };
    this.reads = { max: perClient * 10, windowMs: SIGN_IN_WINDOW_MS };
  }

  /** Counts every request to a route of the scope that declares `config.authLimit`. */
  install(scope: FastifyInstance): void {
    scope.addHook('onRequest', async (request, reply) => {
      const limit = request.routeOptions.config.authLimit;
      if (limit === undefined) return;
      // The site as host resolution saw it (so DEMO.localhost and demo.localhost. share a count).
      const site = request.account?.id ?? hostOf(request);
      const route = (request.routeOptions.url ?? '').toLowerCase();
      await this.enforce(reply, `client:${site}:${request.ip}:${route}`, limit, authErrors.rateLimited);
    });
  }

  /** Counts a password sign-in at an address; refuses it once the address has had too many. */
  async passwordAttempt(reply: FastifyReply, address: string): Promise<void> {
    await this.enforce(reply, `password:${address}`, this.signIn, authErrors.rateLimited);
  }

  /** After a successful sign-in, earlier wrong passwords at the address are forgiven. */
  passwordSucceeded(ctx: RequestContext, address: string): void {
    ctx.afterCommit(() => this.counters.reset(`password:${address}`));
  }

  /**
   * Counts a guess at a one-time code for an address (or `reauth:<user id>`) on the site; past
   * the limit it is refused with the error the code itself would get.
   */
  async codeAttempt(reply: FastifyReply, accountId: string, subject: string, refused: () => AuthError): Promise<void> {
    await this.enforce(reply, `code:${accountId}:${subject}`, { max: MAX_CODE_ATTEMPTS, windowMs: CODE_WINDOW_MS }, refused, false);
  }

  /** A right code, or a fresh one sent, starts the count again (once the request has committed). */
  codesReset(ctx: RequestContext, subject: string): void {
    const accountId = ctx.account.id;
    ctx.afterCommit(() => this.counters.reset(`code:${accountId}:${subject}`));
  }

  private async enforce(reply: FastifyReply, key: string, limit: AuthLimit, refused: () => AuthError, retryAfter = true): Promise<void> {
    const { count, resetAt } = await this.counters.hit(key, limit.windowMs);
    if (count <= limit.max) return;
    if (retryAfter) reply.header('retry-after', String(Math.max(1, Math.ceil((resetAt - Date.now()) / 1000))));
    throw refused();
  }
}

import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authErrors, type AuthError } from '../auth-error.js';
import type { RequestContext } from '../../tenancy/request-context.js';
import { clientKey } from './client-key.js';
import type { CounterStore } from './counter-store.js';
import { MemoryCounters } from './memory-counters.js';

/**
 * Where a limit is counted: `shared` in the store every instance shares and that outlives a
 * restart (routes where each request is a guess at a secret), `local` in this instance's memory
 * (everything else: frequent, and guessing nothing).
 */
type CountedIn = 'shared' | 'local';

/** A per-client limit of an auth route: requests per client, site and route in a window. */
export interface AuthLimit {
  max: number;
  windowMs: number;
  /** Where it is counted; a function decides per request (POST /token: only the password grant guesses). */
  countedIn: CountedIn | ((request: FastifyRequest) => CountedIn);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The auth API's per-client limit for this route. */
    authLimit?: AuthLimit;
  }
}

/** The window of the per-client and per-address sign-in limits. */
const SIGN_IN_WINDOW_MS = 5 * 60_000;
/** Wrong guesses at one address's codes before they are burnt (6 digits are few), until a new code is sent. */
const MAX_CODE_ATTEMPTS = 5;
/** How long wrong guesses at codes are remembered: a code's default lifetime. */
const CODE_WINDOW_MS = 3_600_000;
/** One "you already have an account" message per address and site in this window (as codes are resent). */
const NOTICE_WINDOW_MS = 60_000;
/** What a refused attempt is told to wait when the shared counters cannot be reached. */
const UNAVAILABLE_RETRY_SECONDS = 10;

const hostOf = (request: FastifyRequest) => request.hostname.toLowerCase().replace(/\.$/, '');

/** What guesses at a user's reauthentication codes are counted under (codes sent to an address are counted by the address). */
export const reauthenticationSubject = (userId: string): string => `reauth:${userId}`;

/**
 * The auth API's brute-force limits:
 *
 * - per client: requests per client (an IPv6 client by its /64), site and route (GoTrue's
 *   over_request_rate_limit). Routes that guess secrets (password sign-in, sign-up, one-time
 *   codes and links, recovery, reauthentication, MFA verification) count in the shared store
 *   (Redis, or the database), so neither more instances nor a restart buys fresh attempts; the
 *   frequent rest (user, settings, keys, sign-out, refresh, OAuth redirects) count in memory;
 * - per address: password sign-ins at one email or phone, whichever clients they come from
 *   (platform-wide, as users are: the same password opens every site);
 * - per address and site: guesses at one-time codes (and reauthentication codes per user); past
 *   five, the open codes stop working until a new one is sent.
 *
 * Attempts are counted before they are checked and forgiven on success, so a burst of parallel
 * guesses cannot slip past the count, and a refused attempt (whose transaction rolls back) still
 * counts: the counters live outside the request's transaction.
 *
 * When the shared store fails, a guess is refused with 503 limits_unavailable (an uncounted guess
 * is what the limit exists to prevent); a local count that fails lets the request through.
 */
export class AuthLimits {
  /** Routes whose requests guess at secrets: counted in the shared store. */
  readonly guesses: AuthLimit;
  /** Sign-in steps that guess nothing (OAuth redirects, factor enrolment): counted in memory. */
  readonly signIn: AuthLimit;
  /** Reads of the user, settings and keys, and sign-out: far more frequent, so ten times roomier, in memory. */
  readonly reads: AuthLimit;
  /** POST /token: the password grant guesses (shared); refresh and code exchanges carry random secrets (memory). */
  readonly token: AuthLimit;

  constructor(
    private readonly shared: CounterStore,
    perClient: number,
    private readonly local: CounterStore = new MemoryCounters(),
  ) {
    this.guesses = { max: perClient, windowMs: SIGN_IN_WINDOW_MS, countedIn: 'shared' };
    this.signIn = { max: perClient, windowMs: SIGN_IN_WINDOW_MS, countedIn: 'local' };
    this.reads = { max: perClient * 10, windowMs: SIGN_IN_WINDOW_MS, countedIn: 'local' };
    this.token = {
      max: perClient,
      windowMs: SIGN_IN_WINDOW_MS,
      countedIn: (request) => ((request.query as { grant_type?: unknown } | undefined)?.grant_type === 'password' ? 'shared' : 'local'),
    };
  }

  /** Counts every request to a route of the scope that declares `config.authLimit`. */
  install(scope: FastifyInstance): void {
    scope.addHook('onRequest', async (request, reply) => {
      const config = request.routeOptions.config;
      const limit = config.authLimit;
      if (limit === undefined) return;
      // A host that names no site is answered 404 without reaching the route: counting it would
      // only let invented Host headers fill the counters.
      if (config.tenancy !== false && request.account === null) return;
      const countedIn = typeof limit.countedIn === 'function' ? limit.countedIn(request) : limit.countedIn;
      // The site as host resolution saw it (so DEMO.localhost and demo.localhost. share a count);
      // a route outside any site (the JWKS) is counted by its host.
      const site = request.account?.id ?? hostOf(request);
      const route = (request.routeOptions.url ?? '').toLowerCase();
      await this.enforce(reply, countedIn, `client:${site}:${clientKey(request.ip)}:${route}`, limit, authErrors.rateLimited);
    });
  }

  /** Counts a password sign-in at an address; refuses it once the address has had too many. */
  async passwordAttempt(reply: FastifyReply, address: string): Promise<void> {
    await this.enforce(reply, 'shared', `password:${address}`, this.guesses, authErrors.rateLimited);
  }

  /** After a successful sign-in, earlier wrong passwords at the address are forgiven. */
  passwordSucceeded(ctx: RequestContext, address: string): void {
    ctx.afterCommit(() => this.shared.reset(`password:${address}`));
  }

  /**
   * Counts a guess at a one-time code for an address (or reauthenticationSubject) on the site; past
   * the limit it is refused with the error the code itself would get.
   */
  async codeAttempt(reply: FastifyReply, accountId: string, subject: string, refused: () => AuthError): Promise<void> {
    const limit = { max: MAX_CODE_ATTEMPTS, windowMs: CODE_WINDOW_MS, countedIn: 'shared' as const };
    await this.enforce(reply, 'shared', `code:${accountId}:${subject}`, limit, refused, false);
  }

  /** A right code, or a fresh one sent, starts the count again (once the request has committed). */
  codesReset(ctx: RequestContext, subject: string): void {
    const accountId = ctx.account.id;
    ctx.afterCommit(() => this.shared.reset(`code:${accountId}:${subject}`));
  }

  /**
   * Whether an address may be sent another "you already have an account" message on the site now
   * (one a minute, as codes are resent, so repeated sign-ups cannot flood someone's inbox). When
   * the count cannot be kept, the message is skipped rather than the answer changed. Call it after
   * the commit, never inside a request's transaction.
   */
  async noticeAllowed(log: FastifyBaseLogger, accountId: string, address: string): Promise<boolean> {
    try {
      return (await this.shared.hit(`notice:${accountId}:${address}`, NOTICE_WINDOW_MS)).count <= 1;
    } catch (error) {
      log.error({ err: error }, 'auth limits: the shared counters failed; account notice skipped');
      return false;
    }
  }

  private async enforce(reply: FastifyReply, countedIn: CountedIn, key: string, limit: AuthLimit, refused: () => AuthError, retryAfter = true): Promise<void> {
    let hit;
    try {
      hit = await (countedIn === 'shared' ? this.shared : this.local).hit(key, limit.windowMs);
    } catch (error) {
      if (countedIn === 'local') {
        reply.log.warn({ err: error }, 'auth limits: a local count failed; request let through');
        return;
      }
      reply.log.error({ err: error }, 'auth limits: the shared counters failed; attempt refused');
      reply.header('retry-after', String(UNAVAILABLE_RETRY_SECONDS));
      throw authErrors.limitsUnavailable();
    }
    if (hit.count <= limit.max) return;
    if (retryAfter) reply.header('retry-after', String(Math.max(1, Math.ceil((hit.resetAt - Date.now()) / 1000))));
    throw refused();
  }
}

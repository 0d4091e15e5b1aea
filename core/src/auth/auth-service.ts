import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { AnyDb } from '../db/database.js';
import type { HookBus } from '../hooks/hook-bus.js';
import type { MailSender } from '../mail/mail-sender.js';
import type { SmsProvider } from '../mail/mailer.js';
import type { MemberDirectory } from '../members/member-directory.js';
import { ensureMember } from '../members/ensure-member.js';
import { assertRoomForSession, markActiveWithinPlan } from '../plans/limits.js';
import { DEFAULT_AUTH_SETTINGS, type AuthSettings } from '../options/options-service.js';
import type { RequestContext } from '../tenancy/request-context.js';
import { authErrors } from './auth-error.js';
import { SESSION_COOKIE, sessionCookieOptions } from './session-cookie.js';
import type { AuthMethod, SessionService, SessionTokens } from './session-service.js';
import { ACCESS_TOKEN_TTL_SECONDS, type TokenService } from './tokens.js';
import { toAuthUser, userStore, type AuthUserJson, type UserRecord } from './user-store.js';

declare module '../hooks/hook-bus.js' {
  interface FilterHooks {
    /** Return true to let a second device keep its session under single_session (e.g. staff). */
    'auth.singleSessionExempt': { exempt: boolean; userId: string; accountId: string };
  }
  interface ActionHooks {
    'auth.signedUp': { userId: string; accountId: string; email: string | null; phone: string | null; anonymous: boolean };
    'auth.signedIn': { userId: string; accountId: string; sessionId: string; method: string };
  }
}

/**
 * What the auth routes share: settings, the issuer, user loading through the kernel's system
 * access (users and their credentials are outside tenancy), and signing a user in on a site.
 */
export class AuthService {
  constructor(
    readonly tokens: TokenService,
    readonly sessions: SessionService,
    readonly members: MemberDirectory,
    readonly hooks: HookBus,
    readonly mailer: MailSender,
    readonly sms: SmsProvider,
    readonly scheme: 'http' | 'https',
    private readonly platformDomain: string,
    /** Hears of stored metadata left out of user objects and tokens (see toAuthUser). */
    private readonly log: FastifyBaseLogger,
  ) {}

  async settings(ctx: RequestContext): Promise<AuthSettings> {
    return { ...DEFAULT_AUTH_SETTINGS, ...(await ctx.options.get('auth', {})) };
  }

  /**
   * The site's own base URL, built from the account the host resolved to, never from the raw Host
   * header: a forged Host (e.g. "demo.localhost:1@evil.test") must not steer links in mail or
   * redirects to another server. Only a numeric port is taken from the request.
   */
  siteUrl(request: FastifyRequest): string {
    const account = request.account;
    const hostname = request.hostname.toLowerCase().replace(/\.$/, '');
    const name =
      account === null
        ? this.platformDomain
        : account.isPlatform
          ? this.platformDomain
          : account.customDomain !== null && account.customDomain === hostname
            ? account.customDomain
            : `${account.slug}.${this.platformDomain}`;
    const port = /:(\d{1,5})$/.exec(request.host)?.[1];
    const defaultPort = this.scheme === 'https' ? '443' : '80';
    return `${this.scheme}://${name}${port !== undefined && port !== defaultPort ? `:${port}` : ''}`;
  }

  issuer(request: FastifyRequest): string {
    return `${this.siteUrl(request)}/auth/v1`;
  }

  /** Users live outside tenancy: the auth service reaches them through logged system access. */
  users<T>(ctx: RequestContext, work: (db: AnyDb) => Promise<T>): Promise<T> {
    return ctx.withSystem('auth: users and credentials', work);
  }

  async userJson(db: AnyDb, user: UserRecord): Promise<AuthUserJson> {
    const [factors, identities] = await Promise.all([userStore.factors(db, user.id), userStore.identities(db, user.id)]);
    return toAuthUser(user, factors, identities, this.log);
  }

  async loadUser(ctx: RequestContext, userId: string): Promise<{ user: UserRecord; json: AuthUserJson } | undefined> {
    return this.users(ctx, async (db) => {
      const user = await userStore.findById(db, userId);
      return user === undefined ? undefined : { user, json: await this.userJson(db, user) };
    });
  }

  /**
   * Signs the user in on this site: joins them to the account with its default role if needed,
   * ends other devices' sessions under single_session, opens the session and sets the cookie.
   */
  async signIn(request: FastifyRequest, reply: FastifyReply, user: UserRecord, method: string, provider?: string): Promise<SessionTokens> {
    const ctx = request.ctx;
    const accountId = ctx.account.id;
    if (user.banned_until !== null && new Date(user.banned_until).getTime() > Date.now()) throw authErrors.invalidCredentials();
    // Anonymous visitors get a session but no membership: no role, so no capability (not even read).
    const joined = !user.is_anonymous && (await ensureMember(ctx.db, ctx.account, user));
    if (joined) ctx.afterCommit(() => this.members.invalidate(accountId, user.id));
    // SPEC §9's concurrent users: one more person signed in at once must fit the plan.
    if (!user.is_anonymous) await assertRoomForSession(ctx.db, ctx.account, user.id, ACCESS_TOKEN_TTL_SECONDS);
    // SPEC §9's mau: the first sign-in of the month counts the person once, within the plan's limit.
    if (!user.is_anonymous) await markActiveWithinPlan(ctx.db, ctx.account, user.id);

    const signedIn = await this.users(ctx, (db) => userStore.update(db, user.id, { last_sign_in_at: new Date() }));
    const json = await this.users(ctx, (db) => this.userJson(db, signedIn));
    const authMethod: AuthMethod = { method, timestamp: Math.floor(Date.now() / 1000), ...(provider ? { provider } : {}) };
    const { sessionId, tokens } = await this.sessions.open(ctx.db, {
      accountId,
      user: signedIn,
      userJson: json,
      issuer: this.issuer(request),
      method: authMethod,
      userAgent: request.headers['user-agent'],
      ip: request.ip,
    });
    if (ctx.account.features.has('single_session') && !signedIn.is_anonymous) {
      const { exempt } = await this.hooks.applyFilters('auth.singleSessionExempt', { exempt: false, userId: user.id, accountId }, ctx.hookScope);
      if (!exempt) await this.sessions.endAll(ctx.db, accountId, user.id, 'single_session', sessionId);
    }
    ctx.afterCommit(() => this.hooks.doAction('auth.signedIn', { userId: user.id, accountId, sessionId, method }, ctx.hookScope));
    this.setCookie(reply, tokens.access_token);
    return tokens;
  }

  setCookie(reply: FastifyReply, accessToken: string): void {
    reply.setCookie(SESSION_COOKIE, accessToken, sessionCookieOptions(this.scheme === 'https'));
  }

  clearCookie(reply: FastifyReply): void {
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
  }

  /** The signed-in user of a request, or GoTrue's errors for a missing or ended session. */
  requireUser(request: FastifyRequest): { userId: string; sessionId: string | undefined } {
    const auth = request.auth;
    if (auth === null) throw authErrors.noAuthorization();
    return { userId: auth.sub, sessionId: auth.session_id };
  }
}

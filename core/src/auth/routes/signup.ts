import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { typed } from '../../http/typed-app.js';
import { StringEnum } from '../../schema/kit.js';
import { hashPassword } from '../../accounts/account-admin.js';
import { AuthError, authErrors } from '../auth-error.js';
import type { AuthService } from '../auth-service.js';
import type { AuthLimits } from '../limits/auth-limits.js';
import { assertMetadataBounds } from '../metadata-bounds.js';
import { obfuscatedUser } from '../obfuscated-user.js';
import { assertPasswordAllowed } from '../password-policy.js';
import { userStore, type AuthUserJson, type UserRecord } from '../user-store.js';
import { accountExistsNotice } from './account-exists-notice.js';
import { isEmail, isPhone } from './identifiers.js';
import { authResponses, Email, Metadata, Password, Phone, SessionOrUser } from './schemas.js';
import type { OtpSender } from './otp-sender.js';

/**
 * POST /signup: email or phone with a password, or neither (anonymous sign-in). With the site's
 * autoconfirm on, the answer is a session; otherwise a bare user and a confirmation code is sent.
 */
export function signupRoute(server: FastifyInstance, auth: AuthService, otp: OtpSender, limits: AuthLimits): void {
  const app = typed(server);
  app.post(
    '/signup',
    {
      config: { public: true, authLimit: limits.guesses },
      schema: {
        tags: ['auth'],
        summary: 'Sign up with email or phone and a password, or anonymously',
        body: Type.Object(
          {
            email: Type.Optional(Email),
            phone: Type.Optional(Phone),
            password: Type.Optional(Password),
            data: Type.Optional(Metadata),
            channel: Type.Optional(StringEnum(['sms', 'whatsapp'])),
          },
          { additionalProperties: true },
        ),
        response: authResponses({ 200: SessionOrUser }),
      },
    },
    async (request, reply) => {
      const ctx = request.ctx;
      const settings = await auth.settings(ctx);
      const { email, phone, password, data } = request.body;
      assertMetadataBounds(data, 'data');

      if (email === undefined && phone === undefined) {
        if (!settings.anonymousEnabled) throw authErrors.anonymousDisabled();
        const user = await auth.users(ctx, (db) => userStore.create(db, { data, confirmed: true, anonymous: true, provider: 'anonymous' }));
        ctx.afterCommit(() =>
          auth.hooks.doAction('auth.signedUp', { userId: user.id, accountId: ctx.account.id, email: null, phone: null, anonymous: true }, ctx.hookScope),
        );
        return auth.signIn(request, reply, user, 'anonymous');
      }
      if (!settings.signupEnabled) throw authErrors.signupDisabled();
      if (email !== undefined && !isEmail(email)) throw authErrors.validation('Unable to validate email address: invalid format');
      if (phone !== undefined && email === undefined && !isPhone(phone)) throw authErrors.validation('Invalid phone number format (E.164 required)');
      if (password === undefined || password === '') throw authErrors.validation('Signup requires a valid password');
      assertPasswordAllowed(password, settings);

      const existing = await auth.users(ctx, (db) => (email !== undefined ? userStore.findByEmail(db, email) : userStore.findByPhone(db, phone as string)));
      if (existing !== undefined) {
        // With a session on offer (autoconfirm) the address cannot be hidden, as in GoTrue.
        if (settings.autoconfirm) throw authErrors.userExists();
        return repeatedSignup(request, { auth, otp, limits }, existing, { email, phone, password, data });
      }
      const provider = email !== undefined ? 'email' : 'phone';
      const user = await auth
        .users(ctx, (db) =>
          userStore.create(db, { ...(email !== undefined ? { email } : { phone }), password, data, confirmed: settings.autoconfirm, provider }),
        )
        .catch((error: unknown) => {
          // Two sign-ups with one address at the same moment: the unique index decides.
          if ((error as { code?: string }).code === '23505') throw authErrors.userExists();
          throw error;
        });
      ctx.afterCommit(() =>
        auth.hooks.doAction(
          'auth.signedUp',
          { userId: user.id, accountId: ctx.account.id, email: user.email, phone: user.phone, anonymous: false },
          ctx.hookScope,
        ),
      );
      if (settings.autoconfirm) return auth.signIn(request, reply, user, 'password');

      // Confirmation needed: send the code and answer with the bare user (no session, no event).
      const sent = await otp.send(request, { user, kind: 'signup', channel: email !== undefined ? 'email' : 'sms' });
      return auth.users(ctx, async (db) => auth.userJson(db, sent));
    },
  );
}

/**
 * A sign-up for an address that already has an account, while the site confirms addresses: the
 * answer is the same as for a new address (GoTrue's obfuscated user), so it reveals nothing.
 * Nothing about the account changes (the caller has not proven the address is theirs). A
 * confirmed account is told by mail (or text) that it already exists, with the site's sign-in
 * link (GoTrue sends nothing, which strands people who forgot, or who signed up on another site:
 * users are platform-wide); one still waiting for confirmation gets its code again. Either goes
 * out at most once a minute per address and site (skipped silently beyond that, never a 429 that
 * only an existing address could earn). Messages leave after the commit, so the answer's timing
 * does not depend on delivery; the password is hashed all the same, so it takes as long as a
 * real sign-up's.
 */
async function repeatedSignup(
  request: FastifyRequest,
  deps: { auth: AuthService; otp: OtpSender; limits: AuthLimits },
  existing: UserRecord,
  input: { email?: string; phone?: string; password: string; data?: Record<string, unknown> },
): Promise<AuthUserJson> {
  await hashPassword(input.password);
  const byEmail = input.email !== undefined;
  const confirmed = byEmail ? existing.email_confirmed_at !== null : existing.phone_confirmed_at !== null;
  const channel = byEmail ? 'email' : 'sms';
  if (confirmed) {
    const to = (byEmail ? existing.email : existing.phone) as string;
    const deliver = accountExistsNotice(request, deps.auth, { channel, to });
    const accountId = request.ctx.account.id;
    // Counted after the commit: the shared store must not be waited on inside the request's
    // transaction (on the embedded database both need its one connection).
    request.ctx.afterCommit(async () => {
      if (await deps.limits.noticeAllowed(request.log, accountId, to)) await deliver();
    });
  } else {
    try {
      await deps.otp.send(request, { user: existing, kind: 'signup', channel });
    } catch (error) {
      if (!(error instanceof AuthError && error.code === 'over_email_send_rate_limit')) throw error;
    }
  }
  return obfuscatedUser(byEmail ? { email: input.email, data: input.data } : { phone: input.phone, data: input.data });
}

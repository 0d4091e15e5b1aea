import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { typed } from '../../http/typed-app.js';
import { StringEnum } from '../../schema/kit.js';
import { authErrors } from '../auth-error.js';
import type { AuthService } from '../auth-service.js';
import type { AuthLimits } from '../limits/auth-limits.js';
import { normalizeEmail, normalizePhone, userStore, type UserRecord } from '../user-store.js';
import { isEmail, isPhone } from './identifiers.js';
import type { OtpKind, OtpSender } from './otp-sender.js';
import { allowedRedirect } from './redirects.js';
import { AnyObject, authResponses, Email, Metadata, Phone, SessionSchema } from './schemas.js';

/** The verify types GoTrue takes, in the order the schemas list them. */
const VERIFY_TYPES = ['signup', 'invite', 'magiclink', 'email', 'recovery', 'email_change', 'sms', 'phone_change'] as const;
type VerifyType = (typeof VERIFY_TYPES)[number];
const VerifyTypeSchema = StringEnum(VERIFY_TYPES);

/** Which stored code purposes each verify type accepts. */
const KINDS: Record<VerifyType, OtpKind[]> = {
  signup: ['signup'],
  invite: ['invite'],
  magiclink: ['email', 'signup'],
  email: ['email', 'signup'],
  recovery: ['recovery'],
  email_change: ['email_change'],
  sms: ['sms', 'signup'],
  phone_change: ['phone_change'],
};

const VerifyBody = Type.Object(
  {
    email: Type.Optional(Email),
    phone: Type.Optional(Phone),
    token: Type.Optional(Type.String({ maxLength: 64 })),
    token_hash: Type.Optional(Type.String({ maxLength: 128 })),
    type: VerifyTypeSchema,
  },
  { additionalProperties: true },
);

/** One-time codes: request (/otp), verify (POST and GET /verify), password recovery and resend. */
/**
 * The address a code is checked against, as codes store it; GoTrue's validation_failed for a
 * malformed one (before any code is looked at or any guess counted).
 */
function verifiedAddress(body: Static<typeof VerifyBody>): string | undefined {
  if (body.email !== undefined) {
    if (!isEmail(body.email)) throw authErrors.validation('Unable to validate email address: invalid format');
    return normalizeEmail(body.email);
  }
  if (body.phone !== undefined) {
    if (!isPhone(body.phone)) throw authErrors.validation('Invalid phone number format (E.164 required)');
    return normalizePhone(body.phone);
  }
  return undefined;
}

export function otpRoutes(server: FastifyInstance, auth: AuthService, otp: OtpSender, limits: AuthLimits): void {
  const app = typed(server);
  // Every route here sends or checks one-time codes and links: counted in the shared store.
  const rateLimit = limits.guesses;
  app.post(
    '/otp',
    {
      config: { public: true, authLimit: rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Send a one-time sign-in code by email or text message',
        body: Type.Object(
          { email: Type.Optional(Email), phone: Type.Optional(Phone), data: Type.Optional(Metadata), create_user: Type.Optional(Type.Boolean()) },
          { additionalProperties: true },
        ),
        response: authResponses({ 200: AnyObject }),
      },
    },
    async (request) => {
      const ctx = request.ctx;
      const { email, phone, data } = request.body;
      const createUser = request.body.create_user ?? true;
      if (email === undefined && phone === undefined) throw authErrors.validation('Only an email address or phone number should be provided');
      if (email !== undefined && !isEmail(email)) throw authErrors.validation('Unable to validate email address: invalid format');
      if (email === undefined && phone !== undefined && !isPhone(phone)) throw authErrors.validation('Invalid phone number format (E.164 required)');
      const settings = await auth.settings(ctx);
      let user = await auth.users(ctx, (db) => (email !== undefined ? userStore.findByEmail(db, email) : userStore.findByPhone(db, phone as string)));
      if (user === undefined) {
        if (!createUser || !settings.signupEnabled) throw authErrors.otpSignupDisabled();
        const provider = email !== undefined ? 'email' : 'phone';
        user = await auth.users(ctx, (db) => userStore.create(db, { ...(email !== undefined ? { email } : { phone }), data, confirmed: false, provider }));
      }
      const redirectTo = allowedRedirect(request, auth, settings);
      await otp.send(request, { user, kind: email !== undefined ? 'email' : 'sms', channel: email !== undefined ? 'email' : 'sms', redirectTo });
      return {};
    },
  );

  app.post(
    '/verify',
    {
      config: { public: true, authLimit: rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Verify a one-time code and sign in',
        body: VerifyBody,
        response: authResponses({ 200: SessionSchema }),
      },
      // A guess at an address's code is counted before it is checked, across instances; past five
      // the address's open codes stop working until a new one is sent.
      preHandler: async (request, reply) => {
        const relatesTo = request.body.token_hash === undefined ? verifiedAddress(request.body) : undefined;
        if (relatesTo !== undefined && request.account !== null) await limits.codeAttempt(reply, request.account.id, relatesTo, authErrors.otpExpired);
      },
    },
    async (request, reply) => {
      const { token, token_hash: tokenHash, type } = request.body;
      const relatesTo = tokenHash === undefined ? verifiedAddress(request.body) : undefined;
      if (tokenHash === undefined && (relatesTo === undefined || token === undefined))
        throw authErrors.validation('Verify requires a token and an email or phone, or a token_hash');
      const user = await verifyCode(request, auth, otp, { type, relatesTo, code: token, tokenHash });
      return auth.signIn(request, reply, user, type === 'recovery' ? 'recovery' : 'otp');
    },
  );

  app.get(
    '/verify',
    {
      config: { public: true, authLimit: rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Follow an email link: verify and redirect with the session',
        querystring: Type.Object({
          token: Type.String({ maxLength: 128 }),
          type: VerifyTypeSchema,
          redirect_to: Type.Optional(Type.String({ maxLength: 2048 })),
        }),
        response: { 303: Type.String(), '4xx': AnyObject },
      },
    },
    async (request, reply) => {
      const settings = await auth.settings(request.ctx);
      const target = allowedRedirect(request, auth, settings, request.query.redirect_to);
      let fragment: URLSearchParams;
      try {
        const user = await verifyCode(request, auth, otp, { type: request.query.type, tokenHash: request.query.token });
        const session = await auth.signIn(request, reply, user, 'otp');
        fragment = new URLSearchParams({
          access_token: session.access_token,
          expires_at: String(session.expires_at),
          expires_in: String(session.expires_in),
          refresh_token: session.refresh_token,
          token_type: 'bearer',
          type: request.query.type,
        });
      } catch (error) {
        const code = (error as { code?: string }).code ?? 'unexpected_failure';
        fragment = new URLSearchParams({ error: 'access_denied', error_code: code, error_description: (error as Error).message });
      }
      return redirectWithFragment(reply, target, fragment);
    },
  );

  app.post(
    '/recover',
    {
      config: { public: true, authLimit: rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Send a password recovery code and link',
        body: Type.Object({ email: Email }, { additionalProperties: true }),
        response: authResponses({ 200: AnyObject }),
      },
    },
    async (request) => {
      const ctx = request.ctx;
      if (!isEmail(request.body.email)) throw authErrors.validation('Unable to validate email address: invalid format');
      const user = await auth.users(ctx, (db) => userStore.findByEmail(db, request.body.email));
      // The same answer for unknown addresses: recovery must not reveal who has an account.
      if (user === undefined) return {};
      const settings = await auth.settings(ctx);
      await otp.send(request, { user, kind: 'recovery', channel: 'email', redirectTo: allowedRedirect(request, auth, settings) });
      return {};
    },
  );

  app.post(
    '/resend',
    {
      config: { public: true, authLimit: rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Send a confirmation code again',
        body: Type.Object(
          { email: Type.Optional(Email), phone: Type.Optional(Phone), type: StringEnum(['signup', 'sms', 'email_change', 'phone_change']) },
          { additionalProperties: true },
        ),
        response: authResponses({ 200: AnyObject }),
      },
    },
    async (request) => {
      const ctx = request.ctx;
      const { email, phone, type } = request.body;
      const user = await auth.users(ctx, (db) =>
        email !== undefined ? userStore.findByEmail(db, email) : phone !== undefined ? userStore.findByPhone(db, phone) : Promise.resolve(undefined),
      );
      if (user === undefined) return {};
      const confirmed = type === 'sms' || type === 'phone_change' ? user.phone_confirmed_at : user.email_confirmed_at;
      if (type === 'signup' && confirmed !== null) return {};
      const settings = await auth.settings(ctx);
      await otp.send(request, {
        user,
        kind: type === 'sms' ? 'signup' : type,
        channel: type === 'sms' || type === 'phone_change' ? 'sms' : 'email',
        redirectTo: allowedRedirect(request, auth, settings),
      });
      return {};
    },
  );
}

/** Consumes the code and applies what it confirms; returns the (updated) user to sign in. */
async function verifyCode(
  request: FastifyRequest,
  auth: AuthService,
  otp: OtpSender,
  input: { type: VerifyType; relatesTo?: string; code?: string; tokenHash?: string },
): Promise<UserRecord> {
  const consumed = await otp.consume(request, { kinds: KINDS[input.type], relatesTo: input.relatesTo, code: input.code, tokenHash: input.tokenHash });
  return auth.users(request.ctx, async (db) => {
    const user = await userStore.findById(db, consumed.userId);
    if (user === undefined) throw authErrors.otpExpired();
    const byPhone = consumed.kind === 'sms' || consumed.kind === 'phone_change' || (user.phone !== null && user.phone === consumed.relatesTo);
    const changes: Record<string, unknown> =
      consumed.kind === 'email_change'
        ? { email: consumed.relatesTo, email_confirmed_at: new Date(), is_anonymous: false }
        : consumed.kind === 'phone_change'
          ? { phone: consumed.relatesTo, phone_confirmed_at: new Date() }
          : byPhone
            ? { phone_confirmed_at: user.phone_confirmed_at ?? new Date() }
            : { email_confirmed_at: user.email_confirmed_at ?? new Date() };
    const updated = await userStore.update(db, user.id, changes);
    if (consumed.kind === 'email_change') {
      // Member rows carry the email for listings and owner checks: keep every site's copy current.
      await db.updateTable('members').set({ email: updated.email }).where('user_id', '=', user.id).execute();
    }
    return updated;
  });
}

/** Sets the redirect and returns an empty body: the kernel sends it once the transaction commits. */
function redirectWithFragment(reply: FastifyReply, target: string, fragment: URLSearchParams): string {
  const url = new URL(target);
  url.hash = fragment.toString();
  reply.code(303).header('location', url.toString());
  return '';
}

import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { typed } from '../../http/typed-app.js';
import { StringEnum } from '../../schema/kit.js';
import { authErrors } from '../auth-error.js';
import type { AuthService } from '../auth-service.js';
import { reauthenticationSubject, type AuthLimits } from '../limits/auth-limits.js';
import { assertMetadataBounds, presentedMetadata } from '../metadata-bounds.js';
import { userStore } from '../user-store.js';
import { isEmail, isPhone } from './identifiers.js';
import type { OtpSender } from './otp-sender.js';
import { newPasswordHash } from './password-change.js';
import { allowedRedirect } from './redirects.js';
import { AnyObject, authResponses, Email, Metadata, Password, Phone, UserSchema } from './schemas.js';

/** The signed-in user: read it, change it, sign out (one device, all, or the others). */
export function userRoutes(server: FastifyInstance, auth: AuthService, otp: OtpSender, limits: AuthLimits): void {
  const app = typed(server);
  app.get(
    '/user',
    {
      config: { public: true, authLimit: limits.reads },
      schema: { tags: ['auth'], summary: 'The signed-in user', response: authResponses({ 200: UserSchema }) },
    },
    async (request) => {
      const { userId } = auth.requireUser(request);
      const loaded = await auth.loadUser(request.ctx, userId);
      if (loaded === undefined) throw authErrors.userNotFound();
      return loaded.json;
    },
  );

  app.put(
    '/user',
    {
      config: { public: true, authLimit: limits.guesses },
      schema: {
        tags: ['auth'],
        summary: 'Change the signed-in user (password, metadata, email, phone)',
        body: Type.Object(
          {
            email: Type.Optional(Email),
            phone: Type.Optional(Phone),
            password: Type.Optional(Password),
            // The reauthentication code (GET /reauthenticate) when the site asks for it.
            nonce: Type.Optional(Type.String({ maxLength: 64 })),
            data: Type.Optional(Metadata),
          },
          { additionalProperties: true },
        ),
        response: authResponses({ 200: UserSchema }),
      },
      // Guesses at the reauthentication code count like guesses at any code: five, then a new one.
      preHandler: async (request, reply) => {
        const nonce = request.body.nonce;
        if (typeof nonce === 'string' && nonce !== '' && request.auth !== null && request.account !== null) {
          await limits.codeAttempt(reply, request.account.id, reauthenticationSubject(request.auth.sub), authErrors.reauthenticationNotValid);
        }
      },
    },
    async (request) => {
      const ctx = request.ctx;
      const { userId, sessionId } = auth.requireUser(request);
      const { email, phone, password, nonce, data } = request.body;
      assertMetadataBounds(data, 'data');
      const current = await auth.users(ctx, (db) => userStore.findById(db, userId));
      if (current === undefined) throw authErrors.userNotFound();
      const changes: Record<string, unknown> = {};
      if (password !== undefined) {
        changes.encrypted_password = await newPasswordHash(request, auth, otp, { user: current, password, nonce, sessionId });
        // As GoTrue does: a new password ends the user's other sessions here; this one stays.
        await auth.sessions.endAll(ctx.db, ctx.account.id, userId, 'password_changed', sessionId);
      }
      if (data !== undefined) {
        // Merged onto the metadata as tokens show it: a value stored past the bounds before they
        // existed is replaced, not kept (it would make every update fail the bounds check).
        const merged = { ...presentedMetadata(current).user_metadata, ...data };
        // Repeated small updates must not grow the metadata past its bounds either.
        assertMetadataBounds(merged, 'user_metadata');
        changes.user_metadata = JSON.stringify(merged);
      }
      if (email !== undefined && email.toLowerCase() !== current.email) {
        if (!isEmail(email)) throw authErrors.validation('Unable to validate email address: invalid format');
        const taken = await auth.users(ctx, (db) => userStore.findByEmail(db, email));
        if (taken !== undefined) throw authErrors.emailExists();
        // Every new address is confirmed with a code first, anonymous users included: taking an
        // address nobody has verified (say, a listed super-admin's) must not be possible.
        const settings = await auth.settings(ctx);
        await otp.send(request, {
          user: current,
          kind: 'email_change',
          channel: 'email',
          to: email.toLowerCase(),
          redirectTo: allowedRedirect(request, auth, settings),
        });
      }
      if (phone !== undefined && phone.replace(/\D/g, '') !== current.phone) {
        if (!isPhone(phone)) throw authErrors.validation('Invalid phone number format (E.164 required)');
        await otp.send(request, { user: current, kind: 'phone_change', channel: 'sms', to: phone.replace(/\D/g, '') });
      }
      const updated = Object.keys(changes).length === 0 ? current : await auth.users(ctx, (db) => userStore.update(db, userId, changes));
      return auth.users(ctx, (db) => auth.userJson(db, updated));
    },
  );

  app.post(
    '/logout',
    {
      config: { public: true, authLimit: limits.reads },
      schema: {
        tags: ['auth'],
        summary: 'Sign out this device (local), every device (global) or the others',
        querystring: Type.Object({ scope: Type.Optional(StringEnum(['global', 'local', 'others'])) }),
        body: AnyObject,
        response: authResponses({ 204: Type.Null() }),
      },
    },
    async (request, reply) => {
      const ctx = request.ctx;
      const { userId, sessionId } = auth.requireUser(request);
      const scope = request.query.scope ?? 'global';
      if (scope === 'local') {
        if (sessionId !== undefined) await auth.sessions.end(ctx.db, ctx.account.id, sessionId, 'logout');
      } else {
        await auth.sessions.endAll(ctx.db, ctx.account.id, userId, 'logout', scope === 'others' ? sessionId : undefined);
      }
      if (scope !== 'others') auth.clearCookie(reply);
      reply.code(204);
      return null;
    },
  );
}

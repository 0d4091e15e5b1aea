import type { FastifyInstance } from 'fastify';
import { typed } from '../../http/typed-app.js';
import { AuthError, authErrors } from '../auth-error.js';
import type { AuthService } from '../auth-service.js';
import type { AuthLimits } from '../limits/auth-limits.js';
import { userStore } from '../user-store.js';
import type { OtpSender } from './otp-sender.js';
import { reauthenticationAddress } from './password-change.js';
import { AnyObject, authResponses } from './schemas.js';

/**
 * GET /reauthenticate (supabase-js `auth.reauthenticate()`): sends the signed-in user a code by
 * email, or by text message when they have no email, which PUT /user takes as `nonce` for a
 * password change when the site asks for one. The address must be confirmed, as in GoTrue.
 */
export function reauthenticateRoute(server: FastifyInstance, auth: AuthService, otp: OtpSender, limits: AuthLimits): void {
  const app = typed(server);
  app.get(
    '/reauthenticate',
    {
      config: { public: true, authLimit: limits.guesses },
      schema: { tags: ['auth'], summary: 'Send the signed-in user a code that confirms a password change', response: authResponses({ 200: AnyObject }) },
    },
    async (request) => {
      const { userId } = auth.requireUser(request);
      const user = await auth.users(request.ctx, (db) => userStore.findById(db, userId));
      if (user === undefined) throw authErrors.userNotFound();
      const address = reauthenticationAddress(user);
      if (address === undefined) throw new AuthError(422, 'validation_failed', 'Reauthentication requires the user to have an email or a phone number');
      if (address.channel === 'email' && user.email_confirmed_at === null) throw new AuthError(400, 'email_not_confirmed', 'Please verify your email first.');
      if (address.channel === 'sms' && user.phone_confirmed_at === null) throw new AuthError(400, 'phone_not_confirmed', 'Please verify your phone first.');
      await otp.send(request, { user, kind: 'reauthentication', channel: address.channel, to: address.to });
      return {};
    },
  );
}

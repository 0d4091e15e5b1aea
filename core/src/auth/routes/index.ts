import type { FastifyInstance } from 'fastify';
import type { AuthService } from '../auth-service.js';
import { handoffGrant } from '../handoff.js';
import type { AuthLimits } from '../limits/auth-limits.js';
import { factorRoutes } from './factors.js';
import { oauthRoutes } from './oauth.js';
import { otpRoutes } from './otp.js';
import { OtpSender } from './otp-sender.js';
import { reauthenticateRoute } from './reauthenticate.js';
import { makeGoTrueScope } from './scope.js';
import { signupRoute } from './signup.js';
import { tokenRoute } from './token.js';
import { userRoutes } from './user.js';
import { wellKnownRoutes } from './well-known.js';

export interface AuthRouteOptions {
  auth: AuthService;
  /** The sign-in limits (shared with the platform's sign-up, which checks passwords too). */
  limits: AuthLimits;
}

/** /auth/v1: GoTrue's API on every host, answering for the site the host names. */
export async function authRoutes(app: FastifyInstance, options: AuthRouteOptions): Promise<void> {
  const { auth } = options;
  makeGoTrueScope(app);
  const { limits } = options;
  limits.install(app);
  const otp = new OtpSender(auth, limits);
  const oauth = oauthRoutes(app, auth, limits.signIn);
  signupRoute(app, auth, otp, limits);
  tokenRoute(app, auth, limits, { ...oauth.grants, handoff: handoffGrant(auth) });
  otpRoutes(app, auth, otp, limits);
  userRoutes(app, auth, otp, limits);
  reauthenticateRoute(app, auth, otp, limits);
  factorRoutes(app, auth, limits);
  wellKnownRoutes(app, auth, oauth.providers, limits.reads);
}

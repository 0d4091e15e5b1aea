import type { FastifyInstance } from 'fastify';
import type { AuthService } from '../auth-service.js';
import { AuthLimits } from '../limits/auth-limits.js';
import type { CounterStore } from '../limits/counter-store.js';
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
  /** Requests per client address and site to each sign-in endpoint, per 5 minutes. */
  rateLimit: number;
  /** Where the sign-in limits are counted: shared by every instance, kept across restarts. */
  counters: CounterStore;
}

/** /auth/v1: GoTrue's API on every host, answering for the site the host names. */
export async function authRoutes(app: FastifyInstance, options: AuthRouteOptions): Promise<void> {
  const { auth } = options;
  makeGoTrueScope(app);
  const limits = new AuthLimits(options.counters, options.rateLimit);
  limits.install(app);
  const otp = new OtpSender(auth, limits);
  const oauth = oauthRoutes(app, auth, limits.signIn);
  signupRoute(app, auth, otp, limits);
  tokenRoute(app, auth, limits, oauth.grants);
  otpRoutes(app, auth, otp, limits);
  userRoutes(app, auth, otp, limits);
  reauthenticateRoute(app, auth, otp, limits);
  factorRoutes(app, auth, limits);
  wellKnownRoutes(app, auth, oauth.providers, limits.reads);
}

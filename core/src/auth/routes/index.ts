import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthService } from '../auth-service.js';
import { factorRoutes } from './factors.js';
import { oauthRoutes } from './oauth.js';
import { otpRoutes } from './otp.js';
import { OtpSender } from './otp-sender.js';
import { makeGoTrueScope } from './scope.js';
import { signupRoute } from './signup.js';
import { tokenRoute } from './token.js';
import { userRoutes } from './user.js';
import { wellKnownRoutes } from './well-known.js';

export interface AuthRouteOptions {
  auth: AuthService;
  /** Requests per client address and site to each sign-in endpoint, per 5 minutes. */
  rateLimit: number;
}

/** /auth/v1: GoTrue's API on every host, answering for the site the host names. */
export async function authRoutes(app: FastifyInstance, options: AuthRouteOptions): Promise<void> {
  const { auth } = options;
  makeGoTrueScope(app);
  // Counted per client address and site, so one busy site cannot lock out another's visitors. The
  // host is normalised as host resolution does, so spelling it differently (DEMO.localhost,
  // demo.localhost.) does not buy a fresh allowance; GET and POST /verify share one count.
  const rateLimit = {
    max: options.rateLimit,
    timeWindow: '5 minutes',
    keyGenerator: (request: FastifyRequest) =>
      `${request.ip}|${request.hostname.toLowerCase().replace(/\.$/, '')}|${(request.routeOptions.url ?? '').toLowerCase()}`,
  };
  // Reading the user, settings and keys happens far more often than signing in: a roomier limit.
  const readRateLimit = { ...rateLimit, max: options.rateLimit * 10 };
  const otp = new OtpSender(auth);
  const oauth = oauthRoutes(app, auth, rateLimit);
  signupRoute(app, auth, otp, rateLimit);
  tokenRoute(app, auth, rateLimit, oauth.grants);
  otpRoutes(app, auth, otp, rateLimit);
  userRoutes(app, auth, otp, rateLimit, readRateLimit);
  factorRoutes(app, auth, rateLimit);
  wellKnownRoutes(app, auth, oauth.providers, readRateLimit);
}

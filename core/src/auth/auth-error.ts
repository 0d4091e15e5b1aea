/**
 * Errors of the auth API in GoTrue's shape, so @supabase/supabase-js raises its own error classes
 * and messages (AuthApiError, AuthWeakPasswordError, AuthSessionMissingError…).
 */
export class AuthError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AuthError';
  }
}

export const authErrors = {
  invalidCredentials: () => new AuthError(400, 'invalid_credentials', 'Invalid login credentials'),
  emailNotConfirmed: () => new AuthError(400, 'email_not_confirmed', 'Email not confirmed'),
  phoneNotConfirmed: () => new AuthError(400, 'phone_not_confirmed', 'Phone not confirmed'),
  validation: (message: string) => new AuthError(400, 'validation_failed', message),
  userExists: () => new AuthError(422, 'user_already_exists', 'User already registered'),
  emailExists: () => new AuthError(422, 'email_exists', 'A user with this email address has already been registered'),
  phoneExists: () => new AuthError(422, 'phone_exists', 'A user with this phone number has already been registered'),
  signupDisabled: () => new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance'),
  anonymousDisabled: () => new AuthError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled'),
  otpSignupDisabled: () => new AuthError(422, 'otp_disabled', 'Signups not allowed for otp'),
  otpExpired: () => new AuthError(403, 'otp_expired', 'Token has expired or is invalid'),
  refreshNotFound: () => new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found'),
  refreshReused: () => new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used'),
  noAuthorization: () => new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token'),
  badJwt: () => new AuthError(403, 'bad_jwt', 'invalid JWT: unable to parse or verify signature'),
  userNotFound: () => new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist'),
  sessionNotFound: () => new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist'),
  singleSession: () => new AuthError(403, 'session_not_found', 'errors.singleSession', { reason: 'single_session' }),
  weakPassword: (reasons: string[], message: string) => new AuthError(422, 'weak_password', message, { weak_password: { reasons } }),
  rateLimited: () => new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached'),
  emailRateLimited: () => new AuthError(429, 'over_email_send_rate_limit', 'Email rate limit exceeded'),
  /** The shared sign-in counters cannot be reached: attempts at secrets wait rather than go uncounted. */
  limitsUnavailable: () => new AuthError(503, 'limits_unavailable', 'Sign-in is briefly unavailable, please try again in a moment'),
  flowStateNotFound: () => new AuthError(404, 'flow_state_not_found', 'Invalid flow state, no valid flow state found'),
  flowStateExpired: () => new AuthError(422, 'flow_state_expired', 'Flow state has expired'),
  badCodeVerifier: () => new AuthError(400, 'bad_code_verifier', 'code challenge does not match previously saved code verifier'),
  mfaVerificationFailed: () => new AuthError(422, 'mfa_verification_failed', 'Invalid TOTP code entered'),
  mfaChallengeExpired: () =>
    new AuthError(422, 'mfa_challenge_expired', 'MFA challenge has expired, verify against another challenge or create a new challenge.'),
  mfaFactorNotFound: () => new AuthError(404, 'mfa_factor_not_found', 'Factor not found'),
  insufficientAal: (status = 403) => new AuthError(status, 'insufficient_aal', 'AAL2 required'),
  providerDisabled: (provider: string) => new AuthError(400, 'provider_disabled', `Unsupported provider: provider ${provider} is not enabled`),
  ssoProviderNotFound: () => new AuthError(404, 'sso_provider_not_found', 'No SSO provider found for this domain'),
  badRedirect: () => new AuthError(400, 'validation_failed', 'redirect_to is not an allowed address for this site'),
  reauthenticationNeeded: () => new AuthError(400, 'reauthentication_needed', 'Password update requires reauthentication'),
  reauthenticationNotValid: () => new AuthError(400, 'reauthentication_not_valid', 'Nonce has expired or is invalid'),
};

export interface AuthErrorBody {
  code: string;
  error_code: string;
  message: string;
  msg: string;
  [key: string]: unknown;
}

export function authErrorBody(error: AuthError): AuthErrorBody {
  return { code: error.code, error_code: error.code, message: error.message, msg: error.message, ...error.extra };
}

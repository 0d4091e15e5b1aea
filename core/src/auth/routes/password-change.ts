import type { FastifyRequest } from 'fastify';
import { hashPassword } from '../../accounts/account-admin.js';
import { AuthError, authErrors } from '../auth-error.js';
import type { AuthService } from '../auth-service.js';
import { assertPasswordAllowed } from '../password-policy.js';
import { userStore, type UserRecord } from '../user-store.js';
import type { OtpSender } from './otp-sender.js';

/** How recent a sign-in lets a password change go without a reauthentication code (GoTrue: 24 hours). */
const RECENT_SIGN_IN_MS = 24 * 3600_000;

/** Where a reauthentication code goes and is checked against: the email if the user has one, else the phone. */
export function reauthenticationAddress(user: UserRecord): { channel: 'email' | 'sms'; to: string } | undefined {
  if (user.email !== null && user.email !== '') return { channel: 'email', to: user.email };
  if (user.phone !== null && user.phone !== '') return { channel: 'sms', to: user.phone };
  return undefined;
}

/**
 * Checks a new password (PUT /user) as GoTrue does and returns its hash: the site's policy
 * (weak_password), then, when the site asks for secure password changes, a sign-in within the
 * last 24 hours in this session or the reauthentication code as `nonce`, then that it differs
 * from the current one (same_password).
 */
export async function newPasswordHash(
  request: FastifyRequest,
  auth: AuthService,
  otp: OtpSender,
  input: { user: UserRecord; password: string; nonce?: string; sessionId: string | undefined },
): Promise<string> {
  const ctx = request.ctx;
  const settings = await auth.settings(ctx);
  assertPasswordAllowed(input.password, settings);
  if (settings.securePasswordChange && !(await signedInRecently(request, input.sessionId))) {
    if (input.nonce === undefined || input.nonce === '') throw authErrors.reauthenticationNeeded();
    await consumeNonce(request, otp, input.user, input.nonce);
  }
  if (await userStore.verifyPassword(input.user, input.password)) {
    throw new AuthError(422, 'same_password', 'New password should be different from the old password.');
  }
  return hashPassword(input.password);
}

/** Whether this request's session was opened (signed in) within the last 24 hours. */
async function signedInRecently(request: FastifyRequest, sessionId: string | undefined): Promise<boolean> {
  if (sessionId === undefined) return false;
  const ctx = request.ctx;
  const session = await ctx.db
    .selectFrom('auth_sessions')
    .select('created_at')
    .where('account_id', '=', ctx.account.id)
    .where('id', '=', sessionId)
    .executeTakeFirst();
  return session !== undefined && Date.now() - new Date(session.created_at as Date).getTime() < RECENT_SIGN_IN_MS;
}

/** Uses up the reauthentication code sent to the user; any failure is GoTrue's reauthentication_not_valid. */
async function consumeNonce(request: FastifyRequest, otp: OtpSender, user: UserRecord, nonce: string): Promise<void> {
  const address = reauthenticationAddress(user);
  if (address === undefined) throw authErrors.reauthenticationNotValid();
  try {
    const consumed = await otp.consume(request, { kinds: ['reauthentication'], relatesTo: address.to, code: nonce });
    if (consumed.userId !== user.id) throw authErrors.reauthenticationNotValid();
  } catch (error) {
    if (error instanceof AuthError && error.code === 'otp_expired') throw authErrors.reauthenticationNotValid();
    throw error;
  }
}

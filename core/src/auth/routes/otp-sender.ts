import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { authErrors } from '../auth-error.js';
import type { AuthService } from '../auth-service.js';
import { reauthenticationSubject, type AuthLimits } from '../limits/auth-limits.js';
import { hashToken } from '../session-service.js';
import { userStore, type UserRecord } from '../user-store.js';

export type OtpKind = 'signup' | 'email' | 'recovery' | 'email_change' | 'sms' | 'phone_change' | 'invite' | 'reauthentication';

/** One send per address and purpose per minute, as GoTrue does. */
export const OTP_RESEND_INTERVAL_MS = 60_000;

const SUBJECTS: Record<OtpKind, string> = {
  signup: 'Confirm your sign-up',
  email: 'Your sign-in code',
  recovery: 'Reset your password',
  email_change: 'Confirm your new email address',
  sms: 'Your sign-in code',
  phone_change: 'Confirm your new phone number',
  invite: 'You have been invited',
  reauthentication: 'Confirm it is you',
};

/** How a code is stored: sha256 of the address and the code (checked only with the address, per-address counted). */
function codeHash(relatesTo: string, code: string): string {
  return createHash('sha256').update(`${relatesTo}${code}`).digest('hex');
}

/**
 * The secret an email link carries as `token` (what supabase-js sends back as `token_hash`): 32
 * random bytes in hex, made with the code but not from it. GoTrue derives it from the address
 * and the code, which anyone knowing the address can compute for all million codes; links are
 * not counted per address, so it has to be unguessable on its own.
 */
function newLinkSecret(): string {
  return randomBytes(32).toString('hex');
}

/**
 * Creates a one-time code (6 digits) for a user and delivers it: email through the mailer with
 * the code and a link to GET /verify (carrying a random secret of its own), phone through the
 * SMS provider. Older unused codes of the same purpose stop working. Guesses at codes are
 * counted by the routes (AuthLimits) before a code is checked; a fresh code starts that count
 * again.
 */
export class OtpSender {
  constructor(
    private readonly auth: AuthService,
    private readonly limits: AuthLimits,
  ) {}

  async send(
    request: FastifyRequest,
    input: { user: UserRecord; kind: OtpKind; channel: 'email' | 'sms'; to?: string; redirectTo?: string },
  ): Promise<UserRecord> {
    const ctx = request.ctx;
    const to = input.to ?? (input.channel === 'email' ? input.user.email : input.user.phone);
    if (!to) throw authErrors.validation(input.channel === 'email' ? 'The user has no email address' : 'The user has no phone number');
    const recent = await ctx.db
      .selectFrom('auth_one_time_tokens')
      .select('created_at')
      .where('account_id', '=', ctx.account.id)
      .where('relates_to', '=', to)
      .where('kind', '=', input.kind)
      .where('created_at', '>', new Date(Date.now() - OTP_RESEND_INTERVAL_MS))
      .executeTakeFirst();
    if (recent !== undefined) throw authErrors.emailRateLimited();

    const settings = await this.auth.settings(ctx);
    this.limits.codesReset(ctx, input.kind === 'reauthentication' ? reauthenticationSubject(input.user.id) : to);
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    // Only an emailed code that signs in or confirms comes with a link; texts and reauthentication codes have none.
    const linkSecret = input.channel === 'email' && input.kind !== 'reauthentication' ? newLinkSecret() : undefined;
    await ctx.db
      .updateTable('auth_one_time_tokens')
      .set({ consumed_at: sql`now()` })
      .where('account_id', '=', ctx.account.id)
      .where('relates_to', '=', to)
      .where('kind', '=', input.kind)
      .where('consumed_at', 'is', null)
      .execute();
    await ctx.db
      .insertInto('auth_one_time_tokens')
      .values({
        account_id: ctx.account.id,
        user_id: input.user.id,
        kind: input.kind,
        relates_to: to,
        token_hash: codeHash(to, code),
        // Stored as its hash, like refresh tokens, so the table alone opens nothing.
        link_hash: linkSecret === undefined ? null : hashToken(linkSecret),
        expires_at: new Date(Date.now() + settings.otpTtlSeconds * 1000),
      })
      .execute();

    // A reauthentication code confirms nothing about the address: the user's stamps stay as they are.
    const sentColumn = input.kind === 'recovery' ? 'recovery_sent_at' : input.kind === 'reauthentication' ? undefined : 'confirmation_sent_at';
    const updated =
      sentColumn === undefined ? input.user : await this.auth.users(ctx, (db) => userStore.update(db, input.user.id, { [sentColumn]: new Date() }));
    const siteName = ctx.account.name;
    if (input.channel === 'sms') {
      // Delivered after commit: a rolled-back request must not leave a working code in someone's pocket.
      ctx.afterCommit(async () => {
        await this.auth.sms.send({ to, body: `${siteName}: your code is ${code}` });
      });
      return updated;
    }
    const minutes = Math.round(settings.otpTtlSeconds / 60);
    const footer = `It expires in ${minutes} minutes. If you did not ask for it, ignore this message.`;
    // A reauthentication code only confirms a change the signed-in user is making: no sign-in link.
    const link = linkSecret === undefined ? undefined : this.verifyLink(request, input.kind, linkSecret, input.redirectTo);
    ctx.afterCommit(async () => {
      await this.auth.mailer.send({
        accountId: ctx.account.id,
        type: 'auth',
        to,
        subject: `${siteName}: ${SUBJECTS[input.kind]}`,
        text: `Your code is ${code}\n\n${link === undefined ? '' : `Or open this link: ${link}\n\n`}${footer}`,
        html: `<p>Your code is <strong>${code}</strong></p>${link === undefined ? '' : `<p>Or <a href="${link.replace(/"/g, '&quot;')}">open this link</a>.</p>`}<p>${footer}</p>`,
      });
    });
    return updated;
  }

  private verifyLink(request: FastifyRequest, kind: OtpKind, linkSecret: string, redirectTo: string | undefined): string {
    const link = new URL(`${this.auth.issuer(request)}/verify`);
    link.searchParams.set('token', linkSecret);
    link.searchParams.set('type', kind === 'email' ? 'magiclink' : kind);
    link.searchParams.set('redirect_to', redirectTo ?? this.auth.siteUrl(request));
    return link.toString();
  }

  /**
   * Consumes a valid, unexpired code (with its address) or link secret (`tokenHash`, matched only
   * against link secrets); returns the user it was for and its purpose. The route has already
   * counted the guess (AuthLimits.codeAttempt for codes, the per-client limit for links); a right
   * one starts the address's count again.
   */
  async consume(
    request: FastifyRequest,
    input: { kinds: OtpKind[]; relatesTo?: string; code?: string; tokenHash?: string },
  ): Promise<{ userId: string; kind: OtpKind; relatesTo: string }> {
    const ctx = request.ctx;
    const match =
      input.tokenHash !== undefined
        ? { column: 'link_hash', hash: hashToken(input.tokenHash) }
        : input.relatesTo !== undefined && input.code !== undefined
          ? { column: 'token_hash', hash: codeHash(input.relatesTo, input.code.trim()) }
          : undefined;
    if (match === undefined) throw authErrors.otpExpired();
    const row = await ctx.db
      .updateTable('auth_one_time_tokens')
      .set({ consumed_at: sql`now()` })
      .where('account_id', '=', ctx.account.id)
      .where(match.column, '=', match.hash)
      .where('kind', 'in', input.kinds)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .returning(['user_id', 'kind', 'relates_to'])
      .executeTakeFirst();
    if (row === undefined || row.user_id === null) throw authErrors.otpExpired();
    const kind = row.kind as OtpKind;
    this.limits.codesReset(ctx, kind === 'reauthentication' ? reauthenticationSubject(row.user_id as string) : (row.relates_to as string));
    return { userId: row.user_id as string, kind, relatesTo: row.relates_to as string };
  }
}

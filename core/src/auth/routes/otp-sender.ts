import { createHash, randomInt } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { authErrors } from '../auth-error.js';
import type { AuthService } from '../auth-service.js';
import type { AuthLimits } from '../limits/auth-limits.js';
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

/** GoTrue's token_hash: sha256 of the address and the code, so a link needs no second secret. */
export function otpHash(relatesTo: string, code: string): string {
  return createHash('sha256').update(`${relatesTo}${code}`).digest('hex');
}

/**
 * Creates a one-time code (6 digits) for a user and delivers it: email through the mailer with
 * the code and a link to GET /verify, phone through the SMS provider. Older unused codes of the
 * same purpose stop working. Guesses at codes are counted by the routes (AuthLimits) before a
 * code is checked; a fresh code starts that count again.
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
    this.limits.codesReset(ctx, input.kind === 'reauthentication' ? `reauth:${input.user.id}` : to);
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const tokenHash = otpHash(to, code);
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
        token_hash: tokenHash,
        expires_at: new Date(Date.now() + settings.otpTtlSeconds * 1000),
      })
      .execute();

    // A reauthentication code confirms nothing about the address: the user's stamps stay as they are.
    const sentColumn = input.kind === 'recovery' ? 'recovery_sent_at' : input.kind === 'reauthentication' ? undefined : 'confirmation_sent_at';
    const updated = sentColumn === undefined ? input.user : await this.auth.users(ctx, (db) => userStore.update(db, input.user.id, { [sentColumn]: new Date() }));
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
    const link = input.kind === 'reauthentication' ? undefined : this.verifyLink(request, input.kind, tokenHash, input.redirectTo);
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

  private verifyLink(request: FastifyRequest, kind: OtpKind, tokenHash: string, redirectTo: string | undefined): string {
    const link = new URL(`${this.auth.issuer(request)}/verify`);
    link.searchParams.set('token', tokenHash);
    link.searchParams.set('type', kind === 'email' ? 'magiclink' : kind);
    link.searchParams.set('redirect_to', redirectTo ?? this.auth.siteUrl(request));
    return link.toString();
  }

  /**
   * Consumes a valid, unexpired code; returns the user it was for and its purpose. The route has
   * already counted the guess (AuthLimits.codeAttempt); a right one starts the count again.
   */
  async consume(
    request: FastifyRequest,
    input: { kinds: OtpKind[]; relatesTo?: string; code?: string; tokenHash?: string },
  ): Promise<{ userId: string; kind: OtpKind; relatesTo: string }> {
    const ctx = request.ctx;
    const hash = input.tokenHash ?? (input.relatesTo !== undefined && input.code !== undefined ? otpHash(input.relatesTo, input.code.trim()) : undefined);
    if (hash === undefined) throw authErrors.otpExpired();
    const row = await ctx.db
      .updateTable('auth_one_time_tokens')
      .set({ consumed_at: sql`now()` })
      .where('account_id', '=', ctx.account.id)
      .where('token_hash', '=', hash)
      .where('kind', 'in', input.kinds)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .returning(['user_id', 'kind', 'relates_to'])
      .executeTakeFirst();
    if (row === undefined || row.user_id === null) throw authErrors.otpExpired();
    const kind = row.kind as OtpKind;
    this.limits.codesReset(ctx, kind === 'reauthentication' ? `reauth:${row.user_id as string}` : (row.relates_to as string));
    return { userId: row.user_id as string, kind, relatesTo: row.relates_to as string };
  }
}

import type { FastifyRequest } from 'fastify';
import { escapeHtml } from '../../mail/template.js';
import type { AuthService } from '../auth-service.js';

/**
 * Tells the owner of a confirmed address that someone (most likely they themselves, who forgot,
 * or signed up on another site: users are platform-wide) just signed up with it: the sign-up
 * answered like a new one, so without this message they would wait for a confirmation that never
 * comes. It offers the site's sign-in page and the way to a new password, and changes nothing.
 * Returns the delivery, for the caller to run once the request has committed: through the
 * kernel's mail (the outbox, type 'auth') or the SMS provider, like every other auth message.
 */
export function accountExistsNotice(request: FastifyRequest, auth: AuthService, input: { channel: 'email' | 'sms'; to: string }): () => Promise<void> {
  const ctx = request.ctx;
  const siteName = ctx.account.name;
  const signInUrl = new URL('/login', auth.siteUrl(request));
  if (input.channel === 'email') signInUrl.searchParams.set('email', input.to);
  const link = signInUrl.toString();

  if (input.channel === 'sms') {
    return async () => {
      await auth.sms.send({ to: input.to, body: `${siteName}: you already have an account with this number. Sign in at ${link}` });
    };
  }
  const text =
    `Someone, probably you, just tried to sign up on ${siteName} with this email address, but you already have an account.\n\n` +
    `Sign in here: ${link}\n\n` +
    `Forgot your password? The sign-in page can send you a link to choose a new one.\n\n` +
    `If it was not you, you can ignore this message: nothing about your account has changed.`;
  const html =
    `<p>Someone, probably you, just tried to sign up on ${escapeHtml(siteName)} with this email address, but you already have an account.</p>` +
    `<p><a href="${escapeHtml(link)}">Sign in here</a>.</p>` +
    `<p>Forgot your password? The sign-in page can send you a link to choose a new one.</p>` +
    `<p>If it was not you, you can ignore this message: nothing about your account has changed.</p>`;
  return async () => {
    await auth.mailer.send({ accountId: ctx.account.id, type: 'auth', to: input.to, subject: `${siteName}: you already have an account`, text, html });
  };
}

import { escapeHtml, renderSubject } from '../mail/template.js';
import type { OutgoingMail } from '../mail/mail-sender.js';

export interface WelcomeInput {
  accountId: string;
  to: string;
  ownerName: string;
  siteName: string;
  /** The new site's address, e.g. https://school.example.com */
  origin: string;
  planLabel: string;
  /** The address already had a sign-in on the platform (their password stays theirs). */
  existingUser: boolean;
  /** A sign-up's trial: when it ends. */
  trialEndsAt?: Date;
  /** A sign-up by an unconfirmed address: the link that confirms it (needed to sign in with a password, and to make the site public). */
  confirmUrl?: string;
  /** The site stays private until the address is confirmed (SIGNUP_CONFIRM_EMAIL). */
  privateUntilConfirmed?: boolean;
}

const longDate = (date: Date) => date.toLocaleDateString('en', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/**
 * The e-mail a new site's owner gets: where the site lives, how to reach its dashboard and sign in,
 * and what to do first. Sent from the new site's own outbox (type `welcome`), after the account is
 * committed, whether a super-admin created the site or the owner signed up.
 */
export function welcomeMail(input: WelcomeInput): OutgoingMail {
  const dashboard = `${input.origin}/dashboard`;
  const signIn = input.existingUser
    ? `Sign in with the password you already use for this e-mail address${input.confirmUrl === undefined ? '' : ', once you have confirmed it with the link below'}.`
    : input.confirmUrl !== undefined
      ? 'Confirm your e-mail address with the link below, then sign in with the password you chose.'
      : 'Sign in with this e-mail address: ask for a one-time code on the sign-in page, or choose a password with "Forgot password".';
  const opens = input.privateUntilConfirmed === true ? ' (your site opens to visitors once you do)' : '';
  const plan =
    input.trialEndsAt === undefined ? `Your plan: ${input.planLabel}.` : `Your plan: ${input.planLabel}, free to try until ${longDate(input.trialEndsAt)}.`;
  const steps = ['Add your logo and colours under Site settings.', 'Write your home page in the visual editor.', 'Invite your team under Users.'];
  const greeting = input.ownerName.trim() === '' ? 'Hello,' : `Hello ${input.ownerName.trim()},`;
  const text = [
    greeting,
    '',
    `Your site "${input.siteName}" is ready at ${input.origin}`,
    '',
    `Open your dashboard: ${dashboard}`,
    signIn,
    ...(input.confirmUrl === undefined ? [] : [`Confirm your e-mail address${opens}: ${input.confirmUrl}`]),
    '',
    plan,
    '',
    'Three things to do first:',
    ...steps.map((step, i) => `${i + 1}. ${step}`),
  ].join('\n');
  const e = escapeHtml;
  const html = [
    `<p>${e(greeting)}</p>`,
    `<p>Your site <strong>${e(input.siteName)}</strong> is ready at <a href="${e(input.origin)}">${e(input.origin)}</a>.</p>`,
    `<p><a href="${e(dashboard)}">Open your dashboard</a>. ${e(signIn)}</p>`,
    ...(input.confirmUrl === undefined ? [] : [`<p><a href="${e(input.confirmUrl)}">Confirm your e-mail address</a>${e(opens)}.</p>`]),
    `<p>${e(plan)}</p>`,
    `<p>Three things to do first:</p><ol>${steps.map((step) => `<li>${e(step)}</li>`).join('')}</ol>`,
  ].join('\n');
  return {
    accountId: input.accountId,
    type: 'welcome',
    to: input.to,
    subject: renderSubject('Your site {{site}} is ready', { site: input.siteName }),
    text,
    html,
  };
}

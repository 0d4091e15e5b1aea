import type { MailMessage } from './mailer.js';

/** A message on its way out, tagged with the account it is sent for (quotas, outbox, logs). */
export interface OutgoingMail extends MailMessage {
  accountId?: string;
  /** Purpose (SPEC §7 `type`, a touchpoint key, or 'auth' for sign-in codes). */
  type?: string | null;
}

/**
 * What the rest of the kernel sends mail through. The direct Mailer implements it; the outbox
 * (mail through jobs, kept for the admin to read) implements it too.
 */
export interface MailSender {
  send(message: OutgoingMail): Promise<void>;
}

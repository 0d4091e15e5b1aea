import nodemailer, { type Transporter } from 'nodemailer';

export interface TransportMessage {
  to: string;
  from: string;
  replyTo?: string | null;
  subject: string;
  text: string;
  html?: string | null;
  /** Sent as the List-Unsubscribe header (a bulk message's own unsubscribe address). */
  listUnsubscribe?: string | null;
}

/** Hands messages to an SMTP server; the outbox's worker sends through this. */
export interface MailTransport {
  send(message: TransportMessage): Promise<void>;
  close(): void;
}

/** nodemailer over SMTP_URL with a connection pool (unless the URL sets its own options). */
export class SmtpTransport implements MailTransport {
  private readonly transport: Transporter;

  constructor(smtpUrl: string) {
    this.transport = nodemailer.createTransport(smtpUrl.includes('?') ? smtpUrl : `${smtpUrl}?pool=true`);
  }

  async send(message: TransportMessage): Promise<void> {
    await this.transport.sendMail({
      to: message.to,
      from: message.from,
      subject: message.subject,
      text: message.text,
      ...(message.html ? { html: message.html } : {}),
      ...(message.replyTo ? { replyTo: message.replyTo } : {}),
      ...(message.listUnsubscribe ? { list: { unsubscribe: message.listUnsubscribe } } : {}),
    });
  }

  close(): void {
    this.transport.close();
  }
}

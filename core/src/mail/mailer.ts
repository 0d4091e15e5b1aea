import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  from?: string;
}

/**
 * Sends mail through SMTP (pooled) when SMTP_URL is set. Without it, messages are logged and the
 * most recent ones kept in memory for the developer to read; the outbox of the mail issue
 * replaces this.
 */
export class Mailer {
  private readonly transport: Transporter | undefined;
  readonly recent: MailMessage[] = [];

  constructor(
    smtpUrl: string | undefined,
    private readonly log: FastifyBaseLogger,
    private readonly defaultFrom: string,
  ) {
    this.transport = smtpUrl === undefined ? undefined : nodemailer.createTransport(smtpUrl.includes('?') ? smtpUrl : `${smtpUrl}?pool=true`);
  }

  async send(message: MailMessage): Promise<void> {
    const full = { ...message, from: message.from ?? this.defaultFrom };
    if (this.transport === undefined) {
      this.recent.push(full);
      if (this.recent.length > 100) this.recent.shift();
      this.log.info({ mail: { to: full.to, subject: full.subject } }, 'mail kept (no SMTP_URL configured)');
      return;
    }
    await this.transport.sendMail(full);
  }

  close(): void {
    this.transport?.close();
  }
}

export interface SmsMessage {
  to: string;
  body: string;
}

/** Sends text messages; providers (Twilio, MessageBird…) implement this. */
export interface SmsProvider {
  send(message: SmsMessage): Promise<{ messageId: string }>;
}

/** The development provider: records messages instead of sending them. */
export class RecordingSmsProvider implements SmsProvider {
  readonly sent: SmsMessage[] = [];
  private count = 0;

  constructor(private readonly log: FastifyBaseLogger) {}

  async send(message: SmsMessage): Promise<{ messageId: string }> {
    this.sent.push(message);
    if (this.sent.length > 100) this.sent.shift();
    this.log.info({ sms: { to: message.to } }, 'text message recorded (development SMS provider)');
    return { messageId: `dev-${++this.count}` };
  }
}

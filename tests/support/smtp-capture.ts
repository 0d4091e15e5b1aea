import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback that keeps every message it receives, for tests to read. */
export class SmtpCapture {
  readonly messages: CapturedMail[] = [];
  /** Addresses the server refuses for good (550 at RCPT TO), as a mailbox that does not exist. */
  readonly refused = new Set<string>();
  /** The refusals answered so far, by address. */
  readonly refusals: string[] = [];
  private readonly server: SMTPServer;
  private waiters: Array<() => void> = [];

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo: (address, _session, callback) => {
        if (!this.refused.has(address.address.toLowerCase())) return callback();
        this.refusals.push(address.address.toLowerCase());
        for (const wake of this.waiters.splice(0)) wake();
        const refusal = Object.assign(new Error('5.1.1 No such mailbox here'), { responseCode: 550 });
        callback(refusal);
      },
      onData: (stream, session, callback) => {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
        stream.on('end', () => {
          this.messages.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
          for (const wake of this.waiters.splice(0)) wake();
          callback();
        });
      },
    });
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', () => resolve()));
    const { port } = this.server.server.address() as AddressInfo;
    return `smtp://127.0.0.1:${port}`;
  }

  /** Waits for the next message to an address (up to 10 s) and returns it. */
  async waitFor(to: string, after = 0): Promise<CapturedMail> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const found = this.messages.slice(after).find((m) => m.to.includes(to));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no mail to ${to} arrived`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }

  /** Waits until `count` messages in all have arrived (a campaign's whole send), up to `timeoutMs`. */
  async waitForCount(count: number, timeoutMs = 120_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.messages.length < count) {
      if (Date.now() > deadline) throw new Error(`${this.messages.length} of ${count} mails arrived`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }

  /** The 6-digit code in a message (quoted-printable soft breaks removed first). */
  static codeOf(mail: CapturedMail): string {
    const text = mail.raw.replace(/=\r?\n/g, '');
    const match = /code is (?:<strong>)?(\d{6})/.exec(text);
    if (match === null) throw new Error(`no code in mail:\n${text}`);
    return match[1] as string;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { AnyDb } from '../db/database.js';
import { AppError } from '../errors/errors.js';
import type { JobService, JobStepContext } from '../jobs/job-service.js';
import { planLimit } from '../plans/catalogue.js';
import type { AccountScope } from '../plugins/contract.js';
import type { Account } from '../tenancy/account.js';
import { MailErrors } from './mail-errors.js';
import type { MailSender, OutgoingMail } from './mail-sender.js';
import type { MailTransport } from './smtp-transport.js';

export const MAIL_SEND_JOB = 'mail.send';
/** The type of sign-in mail (one-time codes and links): never shown to site owners, never counted. */
export const SIGN_IN_MAIL = 'auth';

export type OutboxStatus = 'queued' | 'sent' | 'failed' | 'kept';

/** A message for the outbox: the sender's mail plus what the outbox records about it. */
export interface OutboxMessage extends OutgoingMail {
  /** Touchpoint or purpose (SPEC §7 `type`), kept with the message. */
  type?: string | null;
  replyTo?: string | null;
  /** The message's unsubscribe address, sent as its List-Unsubscribe header. */
  listUnsubscribe?: string | null;
}

export interface OutboxSendOptions {
  /**
   * The caller's transaction in the message's account: the row (and the month's count) land
   * with the caller's other writes, or not at all.
   */
  db?: AnyDb;
  /** With `db`: where to defer the hand-over to the job queue until the caller commits (a request's ctx.afterCommit). */
  afterCommit?: (task: () => Promise<void>) => void;
  /** Progress of a batch send groups its messages under this id. */
  batchId?: string;
}

export interface OutboxRow {
  id: string;
  batch_id: string | null;
  to: string;
  from: string;
  reply_to: string | null;
  list_unsubscribe: string | null;
  subject: string;
  html: string | null;
  text: string;
  type: string | null;
  status: OutboxStatus;
  attempts: number;
  last_error: string | null;
  created_at: Date | string;
  sent_at: Date | string | null;
}

export interface OutboxDependencies {
  jobs: JobService;
  log: FastifyBaseLogger;
  defaultFrom: string;
  /** SMTP; undefined keeps every message in the outbox (status 'kept') for the admin to read. */
  transport: MailTransport | undefined;
  findAccount(id: string): Promise<Account | null>;
  /** The platform account (mail that belongs to no account), or null before it exists. */
  platformAccount(): Promise<Account | null>;
  inAccount<T>(accountId: string, work: (scope: AccountScope) => Promise<T>): Promise<T>;
  /** Where mail goes when there is no account to keep it under (no platform account yet). */
  fallback: MailSender;
  /** Told of each message the receiving server refused for good (a 5xx answer): the `mail.bounced` hook. */
  onBounce?: (bounce: MailBounce) => Promise<void>;
}

declare module '../hooks/hook-bus.js' {
  interface ActionHooks {
    /** A message the receiving mail server refused for good (after the message left the outbox's transaction). */
    'mail.bounced': MailBounce;
  }
}

/** A message the receiving mail server refused for good: who it was for, and why. */
export interface MailBounce {
  accountId: string;
  to: string;
  type: string | null;
  reason: string;
}

/** An SMTP answer in the 5xx range is permanent (RFC 5321): trying again cannot help. */
const isPermanent = (error: unknown) => {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
};

/** Six tries over about two minutes (1, 2, 4, 8, 16, 32 s and jitter) before a message is marked failed. */
const MAIL_RETRY = { retryLimit: 6, retryDelay: 1, retryBackoff: true } as const;

/** A delivery job's data: one message, or a batch of them. */
type MailJob = { id?: string; ids?: string[] };
/** Messages a delivery job sends at most, over one pooled connection. */
const MAIL_BATCH = 50;
const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

export function currentMonth(now = new Date()): string {
  return now.toISOString().slice(0, 7);
}

/**
 * Mail through the database: `send` records the message in the account's `mail_outbox` (counting
 * it against the plan's monthly emails) and queues a `mail.send` job; the job's worker hands it to
 * SMTP and marks it sent, retrying with backoff, or without SMTP_URL marks it 'kept' so the admin
 * can read it in the outbox. Mail without an account goes to the platform account's outbox.
 */
export class OutboxMailer implements MailSender {
  constructor(private readonly deps: OutboxDependencies) {}

  /** Starts this instance's mail worker. */
  async start(concurrency = 5): Promise<void> {
    await this.deps.jobs.queue(MAIL_SEND_JOB, MAIL_RETRY);
    await this.deps.jobs.work<MailJob>(MAIL_SEND_JOB, (ctx) => this.deliver(ctx), {
      transaction: false,
      concurrency,
      pollingIntervalSeconds: 1,
    });
  }

  async send(message: OutboxMessage, options: OutboxSendOptions = {}): Promise<void> {
    const account = await this.accountFor(message.accountId);
    if (account === null) {
      await this.deps.fallback.send(message);
      return;
    }
    await this.queue(account, [message], options);
  }

  /** Queues messages for an account by its id (a plugin's batch): as `queue`, in a transaction of its own. */
  async queueFor(accountId: string, messages: OutboxMessage[]): Promise<string[]> {
    const account = await this.deps.findAccount(accountId);
    if (account === null) throw new Error(`mail for unknown account ${accountId}`);
    return this.queue(account, messages);
  }

  /**
   * Records messages for one account (all or none: the month's allowance must cover all of them)
   * and queues their delivery. Resolves to the outbox ids.
   */
  async queue(account: Account, messages: OutboxMessage[], options: OutboxSendOptions = {}): Promise<string[]> {
    if (messages.length === 0) return [];
    const record = async (db: AnyDb): Promise<string[]> => {
      // Sign-in mail (codes, links) never counts against the site's allowance: a site over its
      // quota must still let people sign in, and strangers must not be able to use it up.
      const counted = messages.filter((m) => m.type !== SIGN_IN_MAIL).length;
      if (counted > 0) await this.reserve(db, account, counted);
      const rows = await db
        .insertInto('mail_outbox')
        .values(
          messages.map((m) => ({
            account_id: account.id,
            batch_id: options.batchId ?? null,
            to: m.to,
            from: m.from ?? this.deps.defaultFrom,
            reply_to: m.replyTo ?? null,
            list_unsubscribe: m.listUnsubscribe ?? null,
            subject: m.subject,
            html: m.html ?? null,
            text: m.text,
            type: m.type ?? null,
          })),
        )
        .returning('id')
        .execute();
      return rows.map((r) => r.id as string);
    };
    // One job a message, or a job a batch when many are queued at once (a campaign's, a batch e-mail's).
    const enqueue = (ids: string[]) =>
      this.deps.jobs.enqueueMany<MailJob>(
        account.id,
        MAIL_SEND_JOB,
        ids.length === 1 ? [{ id: ids[0]!, data: { id: ids[0] } }] : chunks(ids, MAIL_BATCH).map((batch) => ({ id: batch[0]!, data: { ids: batch } })),
        MAIL_RETRY,
      );

    if (options.db === undefined) {
      const ids = await this.deps.inAccount(account.id, ({ db }) => record(db));
      await enqueue(ids);
      return ids;
    }
    const ids = await record(options.db);
    if (options.afterCommit !== undefined) {
      options.afterCommit(() => enqueue(ids));
    } else {
      // Not committed yet: the worker retries until the row is visible (or gives up if it never is).
      await enqueue(ids);
    }
    return ids;
  }

  /** Counts `count` more emails this month, or refuses when the plan's monthlyEmails would be passed. */
  private async reserve(db: AnyDb, account: Account, count: number): Promise<void> {
    const limit = planLimit(account.plan, 'monthlyEmails');
    if (count > limit) throw new AppError(MailErrors.quotaExceeded, `${MailErrors.quotaExceeded.message} (${limit} a month on this plan)`);
    const { rows } = await sql<{ count: number }>`
      INSERT INTO mail_usage AS u (account_id, month, count) VALUES (${account.id}, ${currentMonth()}, ${count})
      ON CONFLICT (account_id, month) DO UPDATE SET count = u.count + excluded.count
        WHERE u.count + excluded.count <= ${limit}
      RETURNING count`.execute(db);
    if (rows.length === 0) throw new AppError(MailErrors.quotaExceeded, `${MailErrors.quotaExceeded.message} (${limit} a month on this plan)`);
  }

  /** Emails counted for the account this month (its transaction). */
  async usage(db: AnyDb, accountId: string, month = currentMonth()): Promise<number> {
    const row = await db.selectFrom('mail_usage').select('count').where('account_id', '=', accountId).where('month', '=', month).executeTakeFirst();
    return (row?.count as number | undefined) ?? 0;
  }

  private async accountFor(accountId: string | undefined): Promise<Account | null> {
    if (accountId === undefined) return this.deps.platformAccount();
    const account = await this.deps.findAccount(accountId);
    if (account === null) throw new Error(`mail for unknown account ${accountId}`);
    return account;
  }

  /**
   * The mail.send worker: one message, or a batch of them (many queued at once), no transaction held
   * while SMTP talks. Each message's outcome is written once the batch is through; a failed one is
   * tried again with the job (those sent are not sent again: only queued rows are read).
   */
  private async deliver(ctx: JobStepContext<MailJob>): Promise<void> {
    const ids = ctx.data.ids ?? (ctx.data.id === undefined ? [] : [ctx.data.id]);
    if (ids.length === 0) return;
    const rows = (await ctx.run((db) => db.selectFrom('mail_outbox').selectAll().where('id', 'in', ids).execute())) as OutboxRow[];
    if (rows.length === 0) {
      if (ctx.lastAttempt) return; // its transaction rolled back: nothing to send
      throw new Error(`outbox messages ${ids[0]}… are not visible (yet)`);
    }
    const queued = rows.filter((row) => row.status === 'queued'); // sent or kept already: a retried job after a crash
    if (queued.length === 0) return;
    const transport = this.deps.transport;
    if (transport === undefined) {
      await ctx.run((db) =>
        db
          .updateTable('mail_outbox')
          .set({ status: 'kept', attempts: sql`attempts + 1` })
          .where(
            'id',
            'in',
            queued.map((row) => row.id),
          )
          .where('status', '=', 'queued')
          .execute(),
      );
      for (const row of queued)
        this.deps.log.info(
          { mail: { id: row.id, to: row.to, subject: row.subject, accountId: ctx.accountId } },
          'mail kept in the outbox (no SMTP_URL configured)',
        );
      return;
    }
    const sent: string[] = [];
    const failed: Array<{ id: string; message: string }> = [];
    const bounced: Array<{ row: OutboxRow; message: string }> = [];
    for (const row of queued) {
      try {
        await transport.send({
          to: row.to,
          from: row.from,
          replyTo: row.reply_to,
          subject: row.subject,
          text: row.text,
          html: row.html,
          listUnsubscribe: row.list_unsubscribe,
        });
        sent.push(row.id);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (isPermanent(error)) bounced.push({ row, message });
        else failed.push({ id: row.id, message });
      }
    }
    await ctx.run(async (db) => {
      if (sent.length > 0)
        await db
          .updateTable('mail_outbox')
          .set({ status: 'sent', sent_at: sql`now()`, attempts: sql`attempts + 1`, last_error: null })
          .where('id', 'in', sent)
          .execute();
      for (const { id, message } of failed)
        await db
          .updateTable('mail_outbox')
          .set({ attempts: sql`attempts + 1`, last_error: message.slice(0, 2000), status: ctx.lastAttempt ? 'failed' : 'queued' })
          .where('id', '=', id)
          .execute();
      // Refused for good: failed now, not tried again.
      for (const { row, message } of bounced)
        await db
          .updateTable('mail_outbox')
          .set({ attempts: sql`attempts + 1`, last_error: message.slice(0, 2000), status: 'failed' })
          .where('id', '=', row.id)
          .execute();
    });
    const accountId = ctx.accountId;
    if (accountId !== null && this.deps.onBounce !== undefined)
      for (const { row, message } of bounced) {
        try {
          await this.deps.onBounce({ accountId, to: row.to, type: row.type, reason: message.slice(0, 500) });
        } catch (error) {
          this.deps.log.error({ err: error, accountId, mailId: row.id }, 'a bounce could not be passed on');
        }
      }
    if (failed.length > 0) throw new Error(failed[0]!.message);
  }

  close(): void {
    this.deps.transport?.close();
  }
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, Errors } from '../errors/errors.js';
import { typed } from '../http/typed-app.js';
import type { HookBus } from '../hooks/hook-bus.js';
import { MailErrors } from './mail-errors.js';
import { SIGN_IN_MAIL, type OutboxMailer, type OutboxMessage, type OutboxRow } from './outbox.js';
import { escapeHtml, renderSubject, renderTemplate, type Tokens } from './template.js';
import {
  BatchBody,
  BatchParams,
  BatchQueuedSchema,
  BatchSchema,
  EmailBody,
  OutboxQuery,
  OutboxSchema,
  QueuedSchema,
  type MessageBody,
  type OutboxItem,
} from './schemas.js';

declare module '../hooks/hook-bus.js' {
  interface FilterHooks {
    /**
     * The body (and optionally subject) of a site email of a given `type` (a touchpoint): plugins
     * and touchpoint settings return templates with {{token}} placeholders.
     */
    'mail.template': { type: string | null; template: MailTemplate | null };
  }
}

export interface MailTemplate {
  subject?: string;
  text?: string;
  html?: string;
}

export const DEFAULT_SUBJECT = 'New mail';
export const MAX_BATCH = 1000;

/** Who may send site mail: SPEC §6 "manage_options or edit_posts" (owners and instructors). */
export const SEND_CAPABILITIES = ['manage_options', 'edit_posts'];

export interface MailRouteDeps {
  mail: OutboxMailer;
  hooks: HookBus;
  defaultFrom: string;
}

/**
 * SPEC §7 site mail: POST /api/emails/site/email and /api/emails/site/batch-email queue mail
 * through the outbox with {{token}} placeholders filled; GET /api/emails/outbox lists the
 * account's outbox and GET /api/emails/batches/:id reports a batch's progress.
 */
export async function mailRoutes(server: FastifyInstance, deps: MailRouteDeps): Promise<void> {
  const app = typed(server);
  /** Renders one message's subject and bodies for the request's site. */
  async function compose(request: FastifyRequest, body: MessageBody): Promise<Omit<OutboxMessage, 'to'>> {
    const { account, hookScope } = request.ctx;
    if (body.account_id !== account.id) throw new AppError(Errors.accountMismatch);
    const tokens: Tokens = { site_name: account.name, ...(body.tokens ?? {}) };
    let template: MailTemplate = { subject: body.subject, text: body.text, html: body.html };
    if (template.text === undefined && template.html === undefined) {
      const given = await deps.hooks.applyFilters('mail.template', { type: body.type ?? null, template: null }, hookScope);
      template = { ...given.template, ...(body.subject === undefined ? {} : { subject: body.subject }) };
    }
    const fallbackText = Object.hasOwn(tokens, 'body') ? '{{body}}' : `You have new mail from ${account.name}.`;
    const text = renderTemplate(template.text ?? (template.html === undefined ? fallbackText : stripTags(template.html)), tokens, 'text');
    const html = template.html !== undefined ? renderTemplate(template.html, tokens, 'html') : `<p>${escapeHtml(text).replace(/\r?\n/g, '<br>')}</p>`;
    return {
      accountId: account.id,
      // The envelope sender is the platform's (so SPF/DKIM hold); the caller's address answers replies.
      from: `"${account.name.replace(/["\\\r\n]/g, '')}" <${deps.defaultFrom.replace(/^.*<([^>]+)>.*$/, '$1')}>`,
      replyTo: body.from ?? null,
      subject: renderSubject(template.subject ?? DEFAULT_SUBJECT, tokens) || DEFAULT_SUBJECT,
      text,
      html,
      type: body.type ?? null,
    };
  }

  app.post(
    '/api/emails/site/email',
    {
      config: { capability: SEND_CAPABILITIES },
      schema: {
        tags: ['mail'],
        summary: 'Queue one email with {{token}} placeholders filled (default subject "New mail")',
        body: EmailBody,
        response: { 200: QueuedSchema },
      },
    },
    async (request) => {
      const message = await compose(request, request.body);
      const ctx = request.ctx;
      const [id] = await deps.mail.queue(ctx.account, [{ ...message, to: request.body.to }], { db: ctx.db, afterCommit: ctx.afterCommit });
      return { status: 'queued' as const, id: id as string };
    },
  );

  app.post(
    '/api/emails/site/batch-email',
    {
      config: { capability: SEND_CAPABILITIES },
      schema: {
        tags: ['mail'],
        summary: 'Queue one email per address (at most 1000); progress at GET /api/emails/batches/:id',
        body: BatchBody,
        response: { 200: BatchQueuedSchema },
      },
    },
    async (request) => {
      const { emails } = request.body;
      if (emails.length > MAX_BATCH) throw new AppError(MailErrors.batchTooLarge);
      const message = await compose(request, request.body);
      const ctx = request.ctx;
      const unique = [...new Set(emails.map((e) => e.trim()))];
      const batch = await ctx.db
        .insertInto('mail_batches')
        .values({ account_id: ctx.account.id, type: message.type ?? null, subject: message.subject, total: unique.length, created_by: ctx.userId })
        .returning('id')
        .executeTakeFirstOrThrow();
      const batchId = batch.id as string;
      await deps.mail.queue(
        ctx.account,
        unique.map((to) => ({ ...message, to })),
        { db: ctx.db, afterCommit: ctx.afterCommit, batchId },
      );
      return { status: 'queued' as const, batch_id: batchId, count: unique.length };
    },
  );

  app.get(
    '/api/emails/batches/:id',
    {
      config: { capability: SEND_CAPABILITIES },
      schema: {
        tags: ['mail'],
        summary: "A batch's progress: how many of its messages are queued, sent, kept or failed",
        params: BatchParams,
        response: { 200: BatchSchema },
      },
    },
    async (request) => {
      const db = request.ctx.db;
      const batch = await db.selectFrom('mail_batches').select(['id', 'total', 'created_at']).where('id', '=', request.params.id).executeTakeFirst();
      if (batch === undefined) throw new AppError(Errors.notFound);
      const counts = await db
        .selectFrom('mail_outbox')
        .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
        .where('batch_id', '=', request.params.id)
        .groupBy('status')
        .execute();
      const by = Object.fromEntries(counts.map((c) => [c.status as string, Number(c.n)])) as Record<string, number>;
      const queued = by.queued ?? 0;
      return {
        id: batch.id as string,
        total: batch.total as number,
        queued,
        sent: by.sent ?? 0,
        kept: by.kept ?? 0,
        failed: by.failed ?? 0,
        done: queued === 0,
        created_at: new Date(batch.created_at as string).toISOString(),
      };
    },
  );

  app.get(
    '/api/emails/outbox',
    {
      config: { capability: 'manage_options' },
      schema: {
        tags: ['mail'],
        summary: "The account's outbox, newest first",
        querystring: OutboxQuery,
        response: { 200: OutboxSchema },
      },
    },
    async (request) => {
      const { status, limit = 50, offset = 0 } = request.query;
      const db = request.ctx.db;
      let query = db.selectFrom('mail_outbox');
      if (status !== undefined) query = query.where('status', '=', status);
      const [rows, total] = await Promise.all([
        query.selectAll().orderBy('created_at', 'desc').orderBy('id').limit(limit).offset(offset).execute(),
        query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { items: (rows as OutboxRow[]).map(toJson), total: Number(total.n) };
    },
  );
}

function toJson(row: OutboxRow): OutboxItem {
  const { account_id: _account, ...rest } = row as OutboxRow & { account_id?: string };
  // Sign-in mail holds one-time codes for people who may belong to other sites: owners see that
  // it was sent, never what it said.
  const redacted = row.type === SIGN_IN_MAIL ? { html: null, text: '(sign-in code hidden)' } : {};
  return {
    ...rest,
    ...redacted,
    created_at: new Date(row.created_at).toISOString(),
    sent_at: row.sent_at === null ? null : new Date(row.sent_at).toISOString(),
  };
}

function stripTags(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>/gi, '\n\n')
    .replace(/<[^>]*>/g, '')
    .trim();
}

import type { FastifyInstance } from 'fastify';
import type { AnyDb } from '../../db/database.js';
import type { NotificationService } from '../../notifications/notification-service.js';
import type { FeatureCatalogue } from '../../plugins/features.js';
import { ticketStore, type Page, type Ticket, type TicketCategory, type TicketStatus } from '../ticket-store.js';
import {
  Category,
  IdParams,
  Paging,
  PlatformThreadSchema,
  PlatformTicketSchema,
  ReplyBody,
  ThreadQuery,
  TicketStatusSchema,
  Uuid,
  listOf,
  replyResult,
} from '../schemas.js';
import { PLATFORM_ADMIN } from '../../http/platform-admin.js';

export interface PlatformTicketDeps {
  notifications: NotificationService;
  features: FeatureCatalogue;
}

const tags = ['platform'];

interface ListQuery {
  status?: TicketStatus;
  category?: TicketCategory;
  account_id?: string;
  limit: number;
  offset: number;
}

/**
 * The super-admin's /dashboard/tickets: every account's tickets, read and answered through logged
 * system access. A staff reply sets the ticket awaited and notifies the member who opened it.
 */
export async function platformTicketRoutes(app: FastifyInstance, deps: PlatformTicketDeps): Promise<void> {
  app.get<{ Querystring: ListQuery }>(
    '/api/platform/tickets',
    {
      config: PLATFORM_ADMIN,
      schema: {
        tags,
        summary: "Every account's support tickets, latest activity first",
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { status: TicketStatusSchema, category: Category, account_id: Uuid, ...Paging },
        },
        response: { 200: listOf(PlatformTicketSchema) },
      },
    },
    async (request) => {
      const { account_id: accountId, ...filters } = request.query;
      return request.ctx.withSystem('support: list tickets', (db) => ticketStore.list(db, { ...filters, accountId }, true));
    },
  );

  app.get<{ Params: { id: string }; Querystring: Page }>(
    '/api/platform/tickets/:id',
    {
      config: PLATFORM_ADMIN,
      schema: {
        tags,
        summary: 'A ticket of any account and its messages',
        params: IdParams,
        querystring: ThreadQuery,
        response: { 200: PlatformThreadSchema },
      },
    },
    async (request) =>
      request.ctx.withSystem('support: read ticket', async (db) => ticketStore.withThread(db, await ticketStore.get(db, request.params.id), request.query)),
  );

  app.post<{ Params: { id: string }; Body: { body: string } }>(
    '/api/platform/tickets/:id/messages',
    {
      config: PLATFORM_ADMIN,
      schema: {
        tags,
        summary: "Reply as platform support; the ticket becomes awaited (the customer's turn)",
        params: IdParams,
        body: ReplyBody,
        response: { 201: replyResult(PlatformTicketSchema) },
      },
    },
    async (request, reply) => {
      const ctx = request.ctx;
      const result = await ctx.withSystem('support: staff reply', async (db) => {
        const ticket = await ticketStore.get(db, request.params.id);
        const body = request.body.body.trim();
        const message = await ticketStore.reply(db, { accountId: ticket.account_id, id: ticket.id }, { userId: ctx.userId, fromStaff: true }, body, 'awaited');
        if (ticket.opened_by !== null) await notifyOpener(db, deps, ctx.afterCommit, ticket, body);
        return { ticket: await ticketStore.get(db, ticket.id), message };
      });
      reply.code(201);
      return result;
    },
  );

  app.put<{ Params: { id: string }; Body: { status: TicketStatus } }>(
    '/api/platform/tickets/:id/status',
    {
      config: PLATFORM_ADMIN,
      schema: {
        tags,
        summary: "Set a ticket's status",
        params: IdParams,
        body: { type: 'object', required: ['status'], additionalProperties: false, properties: { status: TicketStatusSchema } },
        response: { 200: PlatformTicketSchema },
      },
    },
    async (request) =>
      request.ctx.withSystem('support: set ticket status', async (db) => {
        const ticket = await ticketStore.get(db, request.params.id);
        await ticketStore.setStatus(db, ticket.account_id, ticket.id, request.body.status);
        return ticketStore.get(db, ticket.id);
      }),
  );
}

/** The bell of the member who opened the ticket, in the ticket's account. */
async function notifyOpener(
  db: AnyDb,
  deps: PlatformTicketDeps,
  afterCommit: (task: () => void | Promise<void>) => void,
  ticket: Ticket,
  body: string,
): Promise<void> {
  // Hook handlers are gated by the account's features, so the notification carries that account's.
  const row = await db.selectFrom('accounts').select(['plan', 'features']).where('id', '=', ticket.account_id).executeTakeFirstOrThrow();
  const features = deps.features.effective(row as { plan: string; features: Record<string, boolean> });
  await deps.notifications.create(
    { db, accountId: ticket.account_id, features, afterCommit },
    {
      userId: ticket.opened_by as string,
      component: 'support',
      title: `Support replied to ticket #${ticket.number}`,
      message: ticket.subject,
      data: { actor: 'Support', action: 'replied to', object: `ticket #${ticket.number}`, content: body.length > 280 ? `${body.slice(0, 279)}…` : body },
      itemId: ticket.id,
    },
  );
}

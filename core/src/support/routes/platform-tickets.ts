import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { typed } from '../../http/typed-app.js';
import { Uuid, PagingFields, paged } from '../../schema/kit.js';
import type { AnyDb } from '../../db/database.js';
import type { NotificationService } from '../../notifications/notification-service.js';
import type { FeatureCatalogue } from '../../plugins/features.js';
import { ticketStore, type Ticket } from '../ticket-store.js';
import { Category, IdParams, PlatformThreadSchema, PlatformTicketSchema, ReplyBody, ThreadQuery, TicketStatusSchema, listOf, replyResult } from '../schemas.js';
import { PLATFORM_ADMIN } from '../../http/platform-admin.js';

export interface PlatformTicketDeps {
  notifications: NotificationService;
  features: FeatureCatalogue;
}

const tags = ['platform'];

/**
 * The super-admin's /dashboard/tickets: every account's tickets, read and answered through logged
 * system access. A staff reply sets the ticket awaited and notifies the member who opened it.
 */
export async function platformTicketRoutes(server: FastifyInstance, deps: PlatformTicketDeps): Promise<void> {
  const app = typed(server);
  app.get(
    '/api/platform/tickets',
    {
      config: PLATFORM_ADMIN,
      schema: {
        tags,
        summary: "Every account's support tickets, latest activity first",
        querystring: Type.Object(
          { status: Type.Optional(TicketStatusSchema), category: Type.Optional(Category), account_id: Type.Optional(Uuid), ...PagingFields },
          { additionalProperties: false },
        ),
        response: { 200: listOf(PlatformTicketSchema) },
      },
    },
    async (request) => {
      const { account_id: accountId, ...filters } = paged(request.query);
      return request.ctx.withSystem('support: list tickets', (db) => ticketStore.listAll(db, { ...filters, accountId }));
    },
  );

  app.get(
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
      request.ctx.withSystem('support: read ticket', async (db) =>
        ticketStore.withThread(db, await ticketStore.getAny(db, request.params.id), paged(request.query, 200)),
      ),
  );

  app.post(
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
        const ticket = await ticketStore.getAny(db, request.params.id);
        const body = request.body.body.trim();
        const message = await ticketStore.reply(db, { accountId: ticket.account_id, id: ticket.id }, { userId: ctx.userId, fromStaff: true }, body, 'awaited');
        if (ticket.opened_by !== null) await notifyOpener(db, deps, ctx.afterCommit, ticket, body);
        return { ticket: await ticketStore.getAny(db, ticket.id), message };
      });
      reply.code(201);
      return result;
    },
  );

  app.put(
    '/api/platform/tickets/:id/status',
    {
      config: PLATFORM_ADMIN,
      schema: {
        tags,
        summary: "Set a ticket's status",
        params: IdParams,
        body: Type.Object({ status: TicketStatusSchema }, { additionalProperties: false }),
        response: { 200: PlatformTicketSchema },
      },
    },
    async (request) =>
      request.ctx.withSystem('support: set ticket status', async (db) => {
        const ticket = await ticketStore.getAny(db, request.params.id);
        await ticketStore.setStatus(db, ticket.account_id, ticket.id, request.body.status);
        return ticketStore.getAny(db, ticket.id);
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

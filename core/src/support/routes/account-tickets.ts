import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { typed } from '../../http/typed-app.js';
import { PagingFields, StringEnum, paged } from '../../schema/kit.js';
import { AppError, Errors } from '../../errors/errors.js';
import { ticketStore } from '../ticket-store.js';
import {
  Category,
  IdParams,
  MessageBody,
  ReplyBody,
  Subject,
  ThreadQuery,
  ThreadSchema,
  TicketSchema,
  TicketStatusSchema,
  listOf,
  replyResult,
} from '../schemas.js';

const tags = ['account'];
/** The account's managers raise tickets with the platform on the account's behalf. */
const config = { capability: 'manage_options' };

/**
 * SPEC §2 /dashboard/tickets (Support): the account's tickets with the platform. A customer reply
 * puts the ticket back to unresolved, reopening a resolved one; customers may only resolve.
 */
export async function accountTicketRoutes(server: FastifyInstance): Promise<void> {
  const app = typed(server);
  app.get(
    '/api/account/tickets',
    {
      config,
      schema: {
        tags,
        summary: "The account's support tickets, latest activity first",
        querystring: Type.Object({ status: Type.Optional(TicketStatusSchema), ...PagingFields }, { additionalProperties: false }),
        response: { 200: listOf(TicketSchema) },
      },
    },
    async (request) => {
      const { db, account } = request.ctx;
      return ticketStore.list(db, { accountId: account.id, ...paged(request.query) });
    },
  );

  app.post(
    '/api/account/tickets',
    {
      config,
      schema: {
        tags,
        summary: 'Open a ticket with the platform (status unresolved)',
        body: Type.Object({ subject: Subject, category: Category, body: MessageBody }, { additionalProperties: false }),
        response: { 201: ThreadSchema },
      },
    },
    async (request, reply) => {
      const { db, account, userId } = request.ctx;
      const { subject, category, body } = request.body;
      const id = await ticketStore.open(db, account.id, userId as string, { subject: subject.trim(), category, body: body.trim() });
      reply.code(201);
      return ticketStore.withThread(db, await ticketStore.get(db, id, account.id), { limit: 1, offset: 0 });
    },
  );

  app.get(
    '/api/account/tickets/:id',
    {
      config,
      schema: { tags, summary: 'A ticket and its messages', params: IdParams, querystring: ThreadQuery, response: { 200: ThreadSchema } },
    },
    async (request) => {
      const { db, account } = request.ctx;
      return ticketStore.withThread(db, await ticketStore.get(db, request.params.id, account.id), paged(request.query, 200));
    },
  );

  app.post(
    '/api/account/tickets/:id/messages',
    {
      config,
      schema: {
        tags,
        summary: 'Reply to a ticket; it becomes unresolved again (a resolved one reopens)',
        params: IdParams,
        body: ReplyBody,
        response: { 201: replyResult(TicketSchema) },
      },
    },
    async (request, reply) => {
      const { db, account, userId } = request.ctx;
      const ticket = await ticketStore.get(db, request.params.id, account.id);
      const message = await ticketStore.reply(
        db,
        { accountId: account.id, id: ticket.id },
        { userId, fromStaff: false },
        request.body.body.trim(),
        'unresolved',
      );
      reply.code(201);
      return { ticket: await ticketStore.get(db, ticket.id, account.id), message };
    },
  );

  app.put(
    '/api/account/tickets/:id/status',
    {
      config,
      schema: {
        tags,
        summary: 'Mark a ticket resolved (the only status customers set)',
        params: IdParams,
        body: Type.Object({ status: StringEnum(['resolved']) }, { additionalProperties: false }),
        response: { 200: TicketSchema },
      },
    },
    async (request) => {
      const { db, account } = request.ctx;
      if (!(await ticketStore.setStatus(db, account.id, request.params.id, request.body.status))) throw new AppError(Errors.notFound, 'No such ticket');
      return ticketStore.get(db, request.params.id, account.id);
    },
  );
}

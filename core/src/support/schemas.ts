import { TICKET_CATEGORIES, TICKET_STATUSES } from './ticket-store.js';

/** JSON schemas shared by the account's and the platform's ticket routes. */

export const Uuid = { type: 'string', format: 'uuid' } as const;
export const IdParams = { type: 'object', required: ['id'], additionalProperties: false, properties: { id: Uuid } } as const;

export const Category = { type: 'string', enum: [...TICKET_CATEGORIES] } as const;
export const TicketStatusSchema = {
  type: 'string',
  enum: [...TICKET_STATUSES],
  description: 'unresolved (warning), awaited (info), resolved (success)',
} as const;

/** Plain text with at least one visible character; stored trimmed. */
export const MessageBody = { type: 'string', minLength: 1, maxLength: 10_000, pattern: '\\S', description: 'Plain text' } as const;
export const Subject = { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' } as const;

export const Paging = {
  limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
  offset: { type: 'integer', minimum: 0, maximum: 1_000_000, default: 0 },
} as const;

export const ThreadQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    limit: { type: 'integer', minimum: 1, maximum: 500, default: 200, description: 'Messages per page, oldest first' },
    offset: Paging.offset,
  },
} as const;

const Timestamp = { type: 'string', format: 'date-time' } as const;

const ticketProperties = {
  id: Uuid,
  number: { type: 'integer', description: 'Counts up from 1 within the account' },
  subject: { type: 'string' },
  category: Category,
  status: TicketStatusSchema,
  opened_by: { type: ['string', 'null'], format: 'uuid' },
  opener_name: { type: 'string' },
  created_at: Timestamp,
  updated_at: Timestamp,
  last_reply_at: Timestamp,
} as const;
const ticketRequired = ['id', 'number', 'subject', 'category', 'status', 'opened_by', 'opener_name', 'created_at', 'updated_at', 'last_reply_at'];

export const TicketSchema = { type: 'object', required: ticketRequired, properties: ticketProperties } as const;

const AccountRef = { type: 'object', required: ['id', 'slug', 'name'], properties: { id: Uuid, slug: { type: 'string' }, name: { type: 'string' } } } as const;

/** The platform's view: the ticket and the account that opened it. */
export const PlatformTicketSchema = {
  type: 'object',
  required: [...ticketRequired, 'account'],
  properties: { ...ticketProperties, account: AccountRef },
} as const;

export const MessageSchema = {
  type: 'object',
  required: ['id', 'author_id', 'author_name', 'from_staff', 'body', 'created_at'],
  properties: {
    id: Uuid,
    author_id: { type: ['string', 'null'], format: 'uuid' },
    author_name: { type: 'string' },
    from_staff: { type: 'boolean', description: 'Written by platform support' },
    body: { type: 'string' },
    created_at: Timestamp,
  },
} as const;

const threadFields = { messages: { type: 'array', items: MessageSchema }, message_total: { type: 'integer' } } as const;

export const ThreadSchema = {
  type: 'object',
  required: [...ticketRequired, 'messages', 'message_total'],
  properties: { ...ticketProperties, ...threadFields },
} as const;
export const PlatformThreadSchema = {
  type: 'object',
  required: [...ticketRequired, 'account', 'messages', 'message_total'],
  properties: { ...ticketProperties, account: AccountRef, ...threadFields },
} as const;

export const ReplyBody = { type: 'object', required: ['body'], additionalProperties: false, properties: { body: MessageBody } } as const;

export const listOf = (item: object) => ({
  type: 'object',
  required: ['tickets', 'total'],
  properties: { tickets: { type: 'array', items: item }, total: { type: 'integer', description: 'Tickets matching the filters' } },
});

export const replyResult = (ticket: object) => ({ type: 'object', required: ['ticket', 'message'], properties: { ticket, message: MessageSchema } });

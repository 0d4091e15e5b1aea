import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Nullable, PagingFields, StringEnum, Timestamp, Uuid, type Wire, IdParams } from '../schema/kit.js';
import { TICKET_CATEGORIES, TICKET_STATUSES } from './ticket-store.js';
export { IdParams };

/** Schemas shared by the account's and the platform's ticket routes; their wire types are the dashboard's. */

export const Category = StringEnum(TICKET_CATEGORIES);
export const TicketStatusSchema = StringEnum(TICKET_STATUSES, { description: 'unresolved (warning), awaited (info), resolved (success)' });

/** Plain text with at least one visible character; stored trimmed. */
export const MessageBody = Type.String({ minLength: 1, maxLength: 10_000, pattern: '\\S', description: 'Plain text' });
export const Subject = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' });

export const ThreadQuery = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 200, description: 'Messages per page, oldest first' })),
    offset: PagingFields.offset,
  },
  { additionalProperties: false },
);

const ticketProperties = {
  id: Uuid,
  number: Type.Integer({ description: 'Counts up from 1 within the account' }),
  subject: Type.String(),
  category: Category,
  status: TicketStatusSchema,
  opened_by: Nullable(Uuid),
  opener_name: Type.String(),
  created_at: Timestamp,
  updated_at: Timestamp,
  last_reply_at: Timestamp,
};

export const TicketSchema = Type.Object(ticketProperties);

const AccountRef = Type.Object({ id: Uuid, slug: Type.String(), name: Type.String() });

/** The platform's view: the ticket and the account that opened it. */
export const PlatformTicketSchema = Type.Object({ ...ticketProperties, account: AccountRef });

export const MessageSchema = Type.Object({
  id: Uuid,
  author_id: Nullable(Uuid),
  author_name: Type.String(),
  from_staff: Type.Boolean({ description: 'Written by platform support' }),
  body: Type.String(),
  created_at: Timestamp,
});

const threadFields = { messages: Type.Array(MessageSchema), message_total: Type.Integer() };

export const ThreadSchema = Type.Object({ ...ticketProperties, ...threadFields });
export const PlatformThreadSchema = Type.Object({ ...ticketProperties, account: AccountRef, ...threadFields });

export const ReplyBody = Type.Object({ body: MessageBody }, { additionalProperties: false });

export const listOf = <T extends TSchema>(item: T) =>
  Type.Object({ tickets: Type.Array(item), total: Type.Integer({ description: 'Tickets matching the filters' }) });

export const replyResult = <T extends TSchema>(ticket: T) => Type.Object({ ticket, message: MessageSchema });

/** Wire types (the dashboard's ticket screens). */
export type TicketWire = Wire<Static<typeof TicketSchema>>;
export type PlatformTicketWire = Wire<Static<typeof PlatformTicketSchema>>;
export type TicketMessageWire = Wire<Static<typeof MessageSchema>>;
export type TicketThreadWire = Wire<Static<typeof ThreadSchema>>;
export type PlatformTicketThreadWire = Wire<Static<typeof PlatformThreadSchema>>;

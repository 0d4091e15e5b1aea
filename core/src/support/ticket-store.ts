import { sql } from 'kysely';
import type { AnyDb } from '../db/database.js';
import { AppError, Errors } from '../errors/errors.js';

export const TICKET_CATEGORIES = ['siteDown', 'setup', 'issue', 'bug', 'feature'] as const;
export const TICKET_STATUSES = ['unresolved', 'awaited', 'resolved'] as const;

export type TicketCategory = (typeof TICKET_CATEGORIES)[number];
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export interface Ticket {
  id: string;
  account_id: string;
  number: number;
  subject: string;
  category: TicketCategory;
  status: TicketStatus;
  opened_by: string | null;
  opener_name: string;
  created_at: Date;
  updated_at: Date;
  last_reply_at: Date;
}

/** The platform's view of a ticket, which spans accounts: it names the ticket's account. */
export type PlatformTicket = Ticket & { account: { id: string; slug: string; name: string } };

export interface TicketMessage {
  id: string;
  author_id: string | null;
  author_name: string;
  from_staff: boolean;
  body: string;
  created_at: Date;
}

export interface TicketFilters {
  /** Required for an account's own view; optional on the platform's. */
  accountId?: string;
  status?: TicketStatus;
  category?: TicketCategory;
  limit: number;
  offset: number;
}

export interface Page {
  limit: number;
  offset: number;
}

/**
 * A member's name on the account, else the user's display name: staff who reply are platform
 * users, usually not members of the customer's account.
 */
const nameOf = (member: string, user: string) =>
  sql<string>`coalesce(nullif(${sql.ref(`${member}.name`)}, ''), nullif(${sql.ref(`${user}.display_name`)}, ''), '')`;

const TICKET_COLUMNS = [
  't.id',
  't.account_id',
  't.number',
  't.subject',
  't.category',
  't.status',
  't.opened_by',
  't.created_at',
  't.updated_at',
  't.last_reply_at',
] as const;

/** Tickets with their opener's name and, for the platform, their account: one query, no lookups per row. */
function ticketsQuery(db: AnyDb, withAccount: boolean) {
  return db
    .selectFrom('tickets as t')
    .leftJoin('members as om', (join) => join.onRef('om.account_id', '=', 't.account_id').onRef('om.user_id', '=', 't.opened_by'))
    .leftJoin('users as ou', 'ou.id', 't.opened_by')
    .$if(withAccount, (q) => q.innerJoin('accounts as a', 'a.id', 't.account_id').select(['a.slug as account_slug', 'a.name as account_name']))
    .select([...TICKET_COLUMNS, nameOf('om', 'ou').as('opener_name')]);
}

function toTicket(row: Record<string, unknown>): Ticket {
  const { account_slug: _slug, account_name: _name, ...ticket } = row;
  return ticket as unknown as Ticket;
}

function toPlatformTicket(row: Record<string, unknown>): PlatformTicket {
  const ticket = toTicket(row);
  return { ...ticket, account: { id: ticket.account_id, slug: row.account_slug as string, name: row.account_name as string } };
}

/** One page of tickets matching the filters, and how many match in all. */
async function listRows(db: AnyDb, filters: TicketFilters, withAccount: boolean): Promise<{ rows: Record<string, unknown>[]; total: number }> {
  const conditions = { 't.account_id': filters.accountId, 't.status': filters.status, 't.category': filters.category };
  let rows = ticketsQuery(db, withAccount);
  let count = db.selectFrom('tickets as t').select(sql<number>`count(*)::int`.as('total'));
  for (const [column, value] of Object.entries(conditions)) {
    if (value === undefined) continue;
    rows = rows.where(column, '=', value);
    count = count.where(column, '=', value);
  }
  const [page, total] = await Promise.all([
    rows.orderBy('t.last_reply_at', 'desc').orderBy('t.id', 'desc').limit(filters.limit).offset(filters.offset).execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { rows: page, total: total.total as number };
}

/**
 * Queries on support tickets through the caller's transaction: the account's own (row-level
 * security) or, for platform staff, system access across accounts.
 */
export const ticketStore = {
  /** Opens a ticket numbered after the account's last one, with its first message. */
  async open(db: AnyDb, accountId: string, userId: string, input: { subject: string; category: TicketCategory; body: string }): Promise<string> {
    // Two tickets opened at once would otherwise take the same number; the lock lasts until commit.
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`lectern.tickets:${accountId}`}))`.execute(db);
    const { id } = (await db
      .insertInto('tickets')
      .values({
        account_id: accountId,
        number: sql`(SELECT coalesce(max(number), 0) + 1 FROM tickets WHERE account_id = ${accountId})`,
        subject: input.subject,
        category: input.category,
        opened_by: userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow()) as { id: string };
    await db.insertInto('ticket_messages').values({ account_id: accountId, ticket_id: id, author_id: userId, from_staff: false, body: input.body }).execute();
    return id;
  },

  /** One page of the account's tickets (`filters.accountId`), latest activity first. */
  async list(db: AnyDb, filters: TicketFilters & { accountId: string }): Promise<{ tickets: Ticket[]; total: number }> {
    const { rows, total } = await listRows(db, filters, false);
    return { tickets: rows.map(toTicket), total };
  },

  /** The platform's list across accounts (system access), each ticket naming its account. */
  async listAll(db: AnyDb, filters: TicketFilters): Promise<{ tickets: PlatformTicket[]; total: number }> {
    const { rows, total } = await listRows(db, filters, true);
    return { tickets: rows.map(toPlatformTicket), total };
  },

  /** One of the account's tickets; undefined when missing (or another account's). */
  async find(db: AnyDb, id: string, accountId: string): Promise<Ticket | undefined> {
    const row = await ticketsQuery(db, false).where('t.id', '=', id).where('t.account_id', '=', accountId).executeTakeFirst();
    return row === undefined ? undefined : toTicket(row);
  },

  /** Like find, but a missing ticket (or another account's) is the caller's 404. */
  async get(db: AnyDb, id: string, accountId: string): Promise<Ticket> {
    const ticket = await ticketStore.find(db, id, accountId);
    if (ticket === undefined) throw new AppError(Errors.notFound, 'No such ticket');
    return ticket;
  },

  /** Any account's ticket, for platform staff (system access); a missing one is a 404. */
  async getAny(db: AnyDb, id: string): Promise<PlatformTicket> {
    const row = await ticketsQuery(db, true).where('t.id', '=', id).executeTakeFirst();
    if (row === undefined) throw new AppError(Errors.notFound, 'No such ticket');
    return toPlatformTicket(row);
  },

  /** The ticket with one page of its messages, oldest first, and how many there are in all. */
  async withThread<T extends Ticket>(db: AnyDb, ticket: T, page: Page): Promise<T & { messages: TicketMessage[]; message_total: number }> {
    const { messages, total } = await ticketStore.thread(db, ticket.account_id, ticket.id, page);
    return { ...ticket, messages, message_total: total };
  },
  async thread(db: AnyDb, accountId: string, ticketId: string, page: Page): Promise<{ messages: TicketMessage[]; total: number }> {
    const [messages, count] = await Promise.all([
      db
        .selectFrom('ticket_messages as tm')
        .leftJoin('members as m', (join) => join.onRef('m.account_id', '=', 'tm.account_id').onRef('m.user_id', '=', 'tm.author_id'))
        .leftJoin('users as u', 'u.id', 'tm.author_id')
        .select(['tm.id', 'tm.author_id', 'tm.from_staff', 'tm.body', 'tm.created_at', nameOf('m', 'u').as('author_name')])
        .where('tm.account_id', '=', accountId)
        .where('tm.ticket_id', '=', ticketId)
        .orderBy('tm.created_at', 'asc')
        .orderBy('tm.id', 'asc')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      db
        .selectFrom('ticket_messages')
        .select(sql<number>`count(*)::int`.as('total'))
        .where('account_id', '=', accountId)
        .where('ticket_id', '=', ticketId)
        .executeTakeFirstOrThrow(),
    ]);
    return { messages: messages as TicketMessage[], total: count.total as number };
  },

  /**
   * Adds a message and moves the ticket to `status` in one statement, so the two land together
   * even where system access runs outside a transaction (PostgreSQL's owner connection).
   */
  async reply(
    db: AnyDb,
    ticket: { accountId: string; id: string },
    author: { userId: string | null; fromStaff: boolean },
    body: string,
    status: TicketStatus,
  ): Promise<TicketMessage> {
    const { rows } = await sql<TicketMessage>`
      WITH message AS (
        INSERT INTO ticket_messages (account_id, ticket_id, author_id, from_staff, body)
        VALUES (${ticket.accountId}, ${ticket.id}, ${author.userId}, ${author.fromStaff}, ${body})
        RETURNING id, account_id, author_id, from_staff, body, created_at
      ), moved AS (
        UPDATE tickets SET status = ${status}, last_reply_at = now(), updated_at = now()
         WHERE account_id = ${ticket.accountId} AND id = ${ticket.id}
        RETURNING id
      )
      SELECT message.id, message.author_id, message.from_staff, message.body, message.created_at, ${nameOf('m', 'u')} AS author_name
        FROM message
        CROSS JOIN moved
        LEFT JOIN members m ON m.account_id = message.account_id AND m.user_id = message.author_id
        LEFT JOIN users u ON u.id = message.author_id`.execute(db);
    return rows[0] as TicketMessage;
  },

  async setStatus(db: AnyDb, accountId: string, id: string, status: TicketStatus): Promise<boolean> {
    const result = await db
      .updateTable('tickets')
      .set({ status, updated_at: sql`now()` })
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },
};

import type { Tone } from '../../ui/primitives';

/** SPEC §3 Ticket: the categories and statuses the server accepts (core/src/support/ticket-store.ts). */
export const TICKET_CATEGORIES = ['siteDown', 'setup', 'issue', 'bug', 'feature'] as const;
export const TICKET_STATUSES = ['unresolved', 'awaited', 'resolved'] as const;

export type TicketCategory = (typeof TICKET_CATEGORIES)[number];
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** SPEC §4 Ticket status colours: unresolved warning, awaited info, resolved success. */
export const STATUS_TONE: Record<TicketStatus, Tone> = { unresolved: 'warning', awaited: 'info', resolved: 'success' };

/** The server's limits (core/src/support/schemas.ts): Subject 1–200, MessageBody 1–10 000, both with a visible character. */
export const SUBJECT_MAX = 200;
export const MESSAGE_MAX = 10_000;
/** Tickets per page of a list, and messages per page of a thread (the server allows up to 100 and 500). */
export const TICKETS_PER_PAGE = 20;
export const MESSAGES_PER_PAGE = 200;

export interface AccountRef {
  id: string;
  slug: string;
  name: string;
}

export interface Ticket {
  id: string;
  number: number;
  subject: string;
  category: TicketCategory;
  status: TicketStatus;
  opened_by: string | null;
  opener_name: string;
  created_at: string;
  updated_at: string;
  last_reply_at: string;
  /** Only in the platform's (super-admin) answers. */
  account?: AccountRef;
}

export interface TicketMessage {
  id: string;
  author_id: string | null;
  author_name: string;
  from_staff: boolean;
  body: string;
  created_at: string;
}

export type TicketThread = Ticket & { messages: TicketMessage[]; message_total: number };

/** Which side of the conversation a screen speaks for, and where its API lives. */
export type TicketScope = 'account' | 'platform';
export const API_BASE: Record<TicketScope, string> = { account: '/api/account/tickets', platform: '/api/platform/tickets' };
/** react-query keys per scope; every list and thread of a scope sits under its root key. */
export const QUERY_ROOT: Record<TicketScope, string> = { account: 'tickets', platform: 'platform-tickets' };

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Mirrors MessageBody: not blank, at most MESSAGE_MAX characters (the server trims after checking). */
export function messageError(t: Translate, body: string): string | null {
  if (body.trim() === '') return t('tickets.validation.messageRequired');
  if (body.length > MESSAGE_MAX) return t('tickets.validation.messageTooLong', { max: MESSAGE_MAX });
  return null;
}

/** Mirrors Subject: not blank, at most SUBJECT_MAX characters. */
export function subjectError(t: Translate, subject: string): string | null {
  if (subject.trim() === '') return t('tickets.validation.subjectRequired');
  if (subject.length > SUBJECT_MAX) return t('tickets.validation.subjectTooLong', { max: SUBJECT_MAX });
  return null;
}

export const isCategory = (value: string): value is TicketCategory => (TICKET_CATEGORIES as readonly string[]).includes(value);
export const isStatus = (value: string): value is TicketStatus => (TICKET_STATUSES as readonly string[]).includes(value);

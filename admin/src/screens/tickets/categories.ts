import type { PlatformTicketWire, TicketMessageWire, TicketThreadWire, TicketWire } from '@lectern/sdk/wire';
import type { Tone } from '../../ui/primitives';

export type TicketCategory = TicketWire['category'];
export type TicketStatus = TicketWire['status'];

/** SPEC §3 Ticket: the categories and statuses the server accepts, in the order the screens offer them. */
export const TICKET_CATEGORIES = ['siteDown', 'setup', 'issue', 'bug', 'feature'] as const satisfies readonly TicketCategory[];
export const TICKET_STATUSES = ['unresolved', 'awaited', 'resolved'] as const satisfies readonly TicketStatus[];

/** SPEC §4 Ticket status colours: unresolved warning, awaited info, resolved success. */
export const STATUS_TONE: Record<TicketStatus, Tone> = { unresolved: 'warning', awaited: 'info', resolved: 'success' };

/** The server's limits (core/src/support/schemas.ts): Subject 1–200, MessageBody 1–10 000, both with a visible character. */
export const SUBJECT_MAX = 200;
export const MESSAGE_MAX = 10_000;
/** Tickets per page of a list, and messages per page of a thread (the server allows up to 100 and 500). */
export const TICKETS_PER_PAGE = 20;
export const MESSAGES_PER_PAGE = 200;

export type AccountRef = PlatformTicketWire['account'];
/** A ticket as either scope's routes answer it; only the platform's (super-admin) name its account. */
export type Ticket = TicketWire & Partial<Pick<PlatformTicketWire, 'account'>>;
export type TicketMessage = TicketMessageWire;
export type TicketThread = TicketThreadWire & Partial<Pick<PlatformTicketWire, 'account'>>;

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

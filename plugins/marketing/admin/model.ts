/** What the marketing API answers (plugins/marketing/src: lists/routes.ts, contacts/schemas.ts). */
export const API = '/api/marketing';
export const PAGE_SIZE = 25;

export interface MailingList {
  id: string;
  name: string;
  description: string;
  double_opt_in: boolean;
  contacts: number;
  active: number;
}

/** SPEC §3 status 1 active; 0 waits for its opt-in, 2 unsubscribed, 3 bounced. */
export const STATUSES = ['1', '0', '2', '3'] as const;
export type StatusCode = (typeof STATUSES)[number];

export interface Contact {
  id: string;
  email: string;
  name: string;
  status: number;
  tags: string[];
  lists: string[];
  source: string | null;
  created_at: string;
}

export const keys = {
  lists: ['marketing', 'lists'] as const,
  contacts: (filters: Record<string, string | number>) => ['marketing', 'contacts', filters] as const,
  allContacts: ['marketing', 'contacts'] as const,
};

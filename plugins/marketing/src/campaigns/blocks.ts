/**
 * A campaign's message as blocks that every mail program draws the same (issue 19 item 4): plain
 * code shared by the server (which renders them) and the dashboard's composer.
 */
export const EMAIL_BLOCK_TYPES = ['heading', 'text', 'button', 'image', 'divider'] as const;
export type EmailBlockType = (typeof EMAIL_BLOCK_TYPES)[number];

export type EmailBlock =
  | { type: 'heading'; text: string }
  /** Paragraphs split by blank lines; a line break stays one. */
  | { type: 'text'; text: string }
  | { type: 'button'; label: string; url: string }
  | { type: 'image'; url: string; alt: string }
  | { type: 'divider' };

/** Whom a campaign goes to: active contacts on any of the lists or with any of the tags; neither named is every active contact. */
export interface CampaignAudience {
  list_ids: string[];
  tags: string[];
}

/** An address a link may lead to: https, or http (a site on a private network). */
export const LINK_PATTERN = '^https?://[^\\s<>"]+$';

/** The placeholders a campaign's text may hold, filled for each person. */
export const PERSON_PLACEHOLDERS = ['name', 'email', 'site'] as const;

/** The addresses a campaign links to, in order (the N-th is `{{link_N}}` in its template and click N in its tracking). */
export const campaignLinks = (blocks: readonly EmailBlock[]): string[] => blocks.flatMap((block) => (block.type === 'button' ? [block.url] : []));

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

/**
 * Whom a campaign goes to: the active contacts on any of the lists, with any of the tags, or who
 * are members of the site with one of the roles, students of one of the courses, or customers of
 * the shop (a member with no contact gets one when the campaign is sent). Nothing named is every
 * active contact.
 */
export interface CampaignAudience {
  list_ids: string[];
  tags: string[];
  /** Role ids of the site (GET /api/account/roles). */
  roles: string[];
  /** Courses of the LMS: their students, whatever their progress. */
  course_ids: string[];
  /** Members with a paid order in the shop. */
  customers: boolean;
}

/** An address a link may lead to: https, or http (a site on a private network). */
export const LINK_PATTERN = '^https?://[^\\s<>"]+$';

/** The placeholders a campaign's text may hold, filled for each person. */
export const PERSON_PLACEHOLDERS = ['name', 'email', 'site'] as const;

/** The addresses a campaign links to, in order (the N-th is `{{link_N}}` in its template and click N in its tracking). */
export const campaignLinks = (blocks: readonly EmailBlock[]): string[] => blocks.flatMap((block) => (block.type === 'button' ? [block.url] : []));

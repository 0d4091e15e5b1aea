import { asDocument, type PuckDocument } from '../../content/model';
import type { Section } from '../model';

/** The two parts of the site's frame the visual editor can add blocks to. */
export type ShellPart = 'header' | 'footer';
export const SHELL_PARTS: readonly ShellPart[] = ['header', 'footer'];
export const isShellPart = (value: string | undefined): value is ShellPart => value === 'header' || value === 'footer';

/** The address of a part's blocks editor, under the site settings screen. */
export const blocksPath = (part: ShellPart) => `/dashboard/manage/site/${part}/blocks`;
/** Back to the settings tab the editor was opened from. */
export const tabPath = (part: ShellPart) => `/dashboard/manage/site?tab=${part}`;

/** What clears the stored blocks: the kernel keeps an empty document as "no blocks". */
export const EMPTY_DOCUMENT: PuckDocument = { root: { props: {} }, content: [] };

/**
 * The fields of each section the kernel accepts besides `document` (core/src/site-settings/schemas.ts,
 * HeaderSection and FooterSection). A save sends the section whole, so these are kept as stored;
 * anything else (old data the schema now refuses) is left out rather than failing the save.
 */
const FIELDS: Record<ShellPart, readonly string[]> = {
  header: ['header_style', 'header_fix', 'header_fontsize', 'header_darklight', 'header_search', 'header_cart', 'header_login'],
  footer: ['footer_style', 'footer_columns', 'footer_bottom', 'footer_bottom_links'],
};

/** The part's stored blocks; none stored, or not a Puck document, opens as an empty one. */
export function storedDocument(section: Section | undefined): PuckDocument {
  return asDocument(section?.document);
}

/** How many blocks the document shows at its top level (the settings tab says whether there are any). */
export const blockCount = (document: PuckDocument) => document.content.length;

/**
 * The PUT /api/account/site body that stores `document` as the part's blocks: the section's other
 * fields as the server holds them now (the section is replaced whole) plus the document.
 */
export function blocksBody(part: ShellPart, current: Section | undefined, document: PuckDocument): Partial<Record<ShellPart, Section>> {
  const kept: Section = {};
  for (const key of FIELDS[part]) {
    const value = current?.[key];
    if (value !== undefined && value !== null) kept[key] = value;
  }
  return part === 'header' ? { header: { ...kept, document } } : { footer: { ...kept, document } };
}

import type { SiteContentItem, SiteShell } from '@lectern/sdk';
import { isRecord, list, record } from './read.js';

export type StoredDocument = SiteContentItem['document'];

/**
 * The visual editor's document of the header or footer (`shell.header.document`,
 * `shell.footer.document`, shaped like a page's), or null when there is none: an empty `content`
 * (or one without a single well-formed block) means the owner has not made one.
 */
function shellDocument(section: unknown): StoredDocument | null {
  const document = record(section).document;
  if (!isRecord(document)) return null;
  const hasBlock = list(document.content).some((block) => isRecord(block) && typeof block.type === 'string' && isRecord(block.props));
  return hasBlock ? (document as unknown as StoredDocument) : null;
}

export function readHeaderDocument(shell: SiteShell): StoredDocument | null {
  return shellDocument(shell.header);
}

export function readFooterDocument(shell: SiteShell): StoredDocument | null {
  return shellDocument(shell.footer);
}

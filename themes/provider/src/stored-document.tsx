import { DocumentView } from '@lectern/theme-default/kit';
import type { SiteContentItem } from '@lectern/sdk';

/**
 * A page the platform account made in the visual editor, drawn with the default theme's blocks
 * (the editor offers the same ones on every site) and the plugins' (server-parts.tsx supplies both,
 * and the blocks' context).
 */
export function StoredDocument({ item }: { item: SiteContentItem }) {
  return <DocumentView document={item.document} className="stored-document" />;
}

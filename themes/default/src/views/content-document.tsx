import type { SiteContentItem } from '@lectern/sdk';
import { DocumentView } from './document-view.js';

/** A page's or post's stored Puck document. */
export function ContentDocument({ item }: { item: SiteContentItem }) {
  return <DocumentView document={item.document} className="content-document" />;
}

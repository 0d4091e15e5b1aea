import type { SiteContentItem } from '@lectern/sdk';
import { RenderDocument } from '../blocks/index.js';

/** A page's or post's stored Puck document, drawn with the theme's blocks. */
export function ContentDocument({ item }: { item: SiteContentItem }) {
  return (
    <div className="content-document">
      <RenderDocument document={item.document} />
    </div>
  );
}

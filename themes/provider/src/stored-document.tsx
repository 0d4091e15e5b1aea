import { RenderDocument } from '@lectern/theme-default/blocks';
import type { SiteContentItem } from '@lectern/sdk';

/**
 * A page the platform account made in the visual editor, drawn with the default theme's blocks
 * (the editor offers the same ones on every site). ProviderRoot supplies the blocks' context.
 */
export function StoredDocument({ item }: { item: SiteContentItem }) {
  return (
    <div className="stored-document">
      <RenderDocument document={item.document} />
    </div>
  );
}

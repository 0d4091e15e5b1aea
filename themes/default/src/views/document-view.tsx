import { useMemo } from 'react';
import { useExtensions } from '../app/extensions.js';
import { useSite } from '../app/site-context.js';
import { RenderDocument } from '../blocks/render-document.js';

/**
 * A stored Puck document (a page's, a post's, the header's or the footer's), drawn with the
 * theme's blocks and those of the account's plugins. Server-drawn only: the browser keeps the HTML.
 */
export function DocumentView({ document, className, testId }: { document: unknown; className: string; testId?: string }) {
  const { blocks } = useExtensions();
  // Plugins' blocks read what their plugin loaded for this page (SitePageData.pluginData).
  const pluginData = useSite().data.pluginData;
  const metadata = useMemo(() => ({ pluginData: pluginData ?? {} }), [pluginData]);
  return (
    <div className={className} data-testid={testId}>
      <RenderDocument document={document} blocks={blocks} metadata={metadata} />
    </div>
  );
}

import type { ReactNode } from 'react';
import type { SitePageData, ThemeExtensions } from '@lectern/sdk';
import { overlayKey } from '@lectern/sdk/site';
import { BlockContextProvider } from '../blocks/index.js';
import { Footer } from '../footer/footer.js';
import { readFooterDocument, readHeaderDocument } from '../lib/shell-documents.js';
import { FooterNotice } from '../notices/footer-notice.js';
import { DocumentView } from '../views/document-view.js';
import { ExtensionsProvider, siteExtensions } from './extensions.js';
import { RouteView } from './route-view.js';

export interface ServerParts {
  /** The route's view (a stored document, a plugin's page, a list…). */
  content: ReactNode;
  /** The footer notice and the footer, with the footer's document above its columns. */
  footer: ReactNode;
  /** The header's document, drawn as a band under the header bar; undefined when there is none. */
  headerBand: ReactNode;
  /** Each plugin overlay's document (a popup's), by `<plugin>:<id>`. */
  overlays: Record<string, ReactNode>;
}

/** What only the server draws, with the blocks' context and the plugins' views and blocks. */
export function serverParts(data: SitePageData, extensions?: ThemeExtensions): ServerParts {
  const blocks = { recentPosts: data.recentPosts, siteUrl: data.shell.siteUrl, storageUrl: data.shell.storageUrl, language: data.shell.language };
  const added = siteExtensions(extensions);
  const drawn = (node: ReactNode) => (
    <ExtensionsProvider value={added}>
      <BlockContextProvider value={blocks}>{node}</BlockContextProvider>
    </ExtensionsProvider>
  );
  const headerDocument = readHeaderDocument(data.shell);
  const footerDocument = readFooterDocument(data.shell);
  return {
    content: drawn(<RouteView route={data.route} />),
    footer: (
      <>
        <FooterNotice />
        <Footer
          band={
            footerDocument === null ? undefined : drawn(<DocumentView document={footerDocument} className="site-footer__document" testId="footer-document" />)
          }
        />
      </>
    ),
    headerBand:
      headerDocument === null ? undefined : drawn(<DocumentView document={headerDocument} className="site-header__document" testId="header-document" />),
    overlays: Object.fromEntries(
      (data.overlays ?? []).map((overlay) => [
        overlayKey(overlay.plugin, overlay.id),
        drawn(<DocumentView document={overlay.document} className="site-overlay__document" />),
      ]),
    ),
  };
}

import type { ReactNode } from 'react';
import { DocumentView, ExtensionsProvider, readFooterDocument, readHeaderDocument, type SiteExtensions } from '@lectern/theme-default/kit';
import { BlockContextProvider } from '@lectern/theme-default/blocks';
import type { SitePageData } from '@lectern/sdk';
import { RouteView } from './route-view.js';
import { installedOf } from './pages/installed.js';
import { SiteFooter } from './shell/site-footer.js';

export interface ProviderParts {
  content: ReactNode;
  footer: ReactNode;
  headerBand: ReactNode;
}

/**
 * What only the server draws: the route's page, the footer (with the owner's footer document) and
 * the header's document band, with the blocks' context and the plugins' views and blocks.
 */
export function providerParts(data: SitePageData, extensions: SiteExtensions): ProviderParts {
  const blocks = {
    recentPosts: Array.isArray(data.recentPosts) ? data.recentPosts : [],
    siteUrl: data.shell.siteUrl,
    storageUrl: data.shell.storageUrl,
    language: data.shell.language,
  };
  const drawn = (node: ReactNode) => (
    <ExtensionsProvider value={extensions}>
      <BlockContextProvider value={blocks}>{node}</BlockContextProvider>
    </ExtensionsProvider>
  );
  const headerDocument = readHeaderDocument(data.shell);
  const footerDocument = readFooterDocument(data.shell);
  return {
    content: drawn(<RouteView data={data} />),
    footer: (
      <SiteFooter
        shell={data.shell}
        installed={installedOf(data)}
        band={footerDocument === null ? undefined : drawn(<DocumentView document={footerDocument} className="footer-document" testId="footer-document" />)}
      />
    ),
    headerBand: headerDocument === null ? undefined : drawn(<DocumentView document={headerDocument} className="top-bar-document" testId="header-document" />),
  };
}

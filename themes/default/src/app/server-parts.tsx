import type { SitePageData } from '@lectern/sdk';
import { BlockContextProvider } from '../blocks/index.js';
import { Footer } from '../footer/footer.js';
import { FooterNotice } from '../notices/footer-notice.js';
import { RouteView } from './route-view.js';

/** What only the server draws: the route's view (with the blocks' context) and the footer. */
export function serverParts(data: SitePageData) {
  const blocks = { recentPosts: data.recentPosts, siteUrl: data.shell.siteUrl, storageUrl: data.shell.storageUrl, language: data.shell.language };
  return {
    content: (
      <BlockContextProvider value={blocks}>
        <RouteView route={data.route} />
      </BlockContextProvider>
    ),
    footer: (
      <>
        <FooterNotice />
        <Footer />
      </>
    ),
  };
}

import { BackToTop, CookieNotice, SiteProvider, useSite, type PagePayload } from '@lectern/theme-default';
import { BlockContextProvider } from '@lectern/theme-default/blocks';
import { RouteView } from './route-view.js';
import { SiteFooter } from './shell/site-footer.js';
import { TopBar } from './shell/top-bar.js';

function ProviderPage() {
  const { data, t } = useSite();
  const blocks = { recentPosts: Array.isArray(data.recentPosts) ? data.recentPosts : [], siteUrl: data.shell.siteUrl, storageUrl: data.shell.storageUrl, language: data.shell.language };
  return (
    <BlockContextProvider value={blocks}>
      <a className="skip-link" href="#main" id="top">
        {t('common.skipToContent')}
      </a>
      <TopBar data={data} />
      <main id="main" className={`main main--${data.route.kind}`} tabIndex={-1}>
        <RouteView data={data} />
      </main>
      <SiteFooter shell={data.shell} />
      <BackToTop />
      <CookieNotice />
    </BlockContextProvider>
  );
}

/**
 * The whole page below <div id="root">, the same tree on the server and in the browser. The default
 * theme's SiteProvider carries the data, the text and the light/dark choice its widgets read.
 */
export function ProviderRoot({ payload }: { payload: PagePayload }) {
  return (
    <SiteProvider payload={payload}>
      <ProviderPage />
    </SiteProvider>
  );
}

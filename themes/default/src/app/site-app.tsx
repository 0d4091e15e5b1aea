import type { ReactNode } from 'react';
import { AdminRail } from '../admin-rail/admin-rail.js';
import { CookieNotice } from '../consent/cookie-notice.js';
import { Header } from '../header/header.js';
import { HeaderNotice } from '../notices/header-notice.js';
import { SearchModal } from '../search/search-modal.js';
import { BackToTop } from '../widgets/back-to-top.js';
import { hidesChrome } from './chrome.js';
import type { PagePayload } from './page-payload.js';
import { ServerSlot } from './server-slot.js';
import { SiteProvider, useSite } from './site-context.js';

export interface SiteAppProps {
  payload: PagePayload;
  /**
   * The route's view and the footer. The server always passes both; the browser passes only what
   * must be interactive (the sign-in forms) and keeps the rest as the server drew it.
   */
  content?: ReactNode;
  footer?: ReactNode;
}

function Page({ content, footer }: Omit<SiteAppProps, 'payload'>) {
  const { t, data } = useSite();
  const chrome = !hidesChrome(data.route);
  return (
    <>
      <a className="skip-link" href="#main" id="top">
        {t('common.skipToContent')}
      </a>
      {chrome ? <HeaderNotice /> : null}
      {chrome ? <Header /> : null}
      <ServerSlot as="main" id="main" tabIndex={-1} className={`site-main site-main--${data.route.kind}`}>
        {content}
      </ServerSlot>
      {chrome ? <ServerSlot className="site-footer-slot">{footer}</ServerSlot> : null}
      <BackToTop />
      <CookieNotice />
      <AdminRail />
      <SearchModal />
    </>
  );
}

/** The whole page below <div id="root">: the same element tree on the server and in the browser. */
export function SiteApp({ payload, content, footer }: SiteAppProps) {
  return (
    <SiteProvider payload={payload}>
      <Page content={content} footer={footer} />
    </SiteProvider>
  );
}

import type { ReactNode } from 'react';
import { AdminRail } from '../admin-rail/admin-rail.js';
import { CookieNotice } from '../consent/cookie-notice.js';
import { Header } from '../header/header.js';
import { SiteOverlays, type OverlayBodies } from '../overlays/site-overlays.js';
import { HeaderNotice } from '../notices/header-notice.js';
import { SearchModal } from '../search/search-modal.js';
import { BackToTop } from '../widgets/back-to-top.js';
import { hidesAdminRail, hidesChrome } from './chrome.js';
import type { PagePayload } from './page-payload.js';
import { ServerSlot } from './server-slot.js';
import { SiteProvider, useSite } from './site-context.js';

export interface SiteAppProps {
  payload: PagePayload;
  /**
   * The route's view, the footer and the header's document band. The server always passes them;
   * the browser passes only what must be interactive (the sign-in forms) and keeps the rest as the
   * server drew it.
   */
  content?: ReactNode;
  footer?: ReactNode;
  headerBand?: ReactNode;
  /** Plugins' overlays' documents (popups), drawn by the server only. */
  overlays?: OverlayBodies;
}

function Page({ content, footer, headerBand, overlays }: Omit<SiteAppProps, 'payload'>) {
  const { t, data } = useSite();
  const chrome = !hidesChrome(data.route);
  return (
    <>
      <a className="skip-link" href="#main" id="top">
        {t('common.skipToContent')}
      </a>
      {chrome ? <HeaderNotice /> : null}
      {chrome ? <Header band={headerBand} /> : null}
      <ServerSlot as="main" id="main" tabIndex={-1} className={`site-main site-main--${data.route.kind}`}>
        {content}
      </ServerSlot>
      {chrome ? <ServerSlot className="site-footer-slot">{footer}</ServerSlot> : null}
      <BackToTop />
      <CookieNotice />
      {hidesAdminRail(data.route) ? null : <AdminRail />}
      <SearchModal />
      {chrome ? <SiteOverlays bodies={overlays} /> : null}
    </>
  );
}

/** The whole page below <div id="root">: the same element tree on the server and in the browser. */
export function SiteApp({ payload, content, footer, headerBand, overlays }: SiteAppProps) {
  return (
    <SiteProvider payload={payload}>
      <Page content={content} footer={footer} headerBand={headerBand} overlays={overlays} />
    </SiteProvider>
  );
}

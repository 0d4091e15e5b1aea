import type { ReactNode } from 'react';
import { BackToTop, CookieNotice, ServerSlot, SiteProvider, hidesChrome, useSite, type PagePayload } from '@lectern/theme-default/kit';
import { TopBar } from './shell/top-bar.js';

export interface ProviderRootProps {
  payload: PagePayload;
  /**
   * The page, the footer and the header's document band: the server passes all three (see
   * server-parts.tsx); the browser passes only an interactive page (interactive-views.tsx) and
   * keeps the rest as the server drew it, so their code stays out of the bundle.
   */
  content?: ReactNode;
  footer?: ReactNode;
  headerBand?: ReactNode;
}

function ProviderPage({ content, footer, headerBand }: Omit<ProviderRootProps, 'payload'>) {
  const { data, t } = useSite();
  // SPEC §2: a page (settings.hide_chrome) or a plugin's page (chrome: false) can drop both bars.
  const chrome = !hidesChrome(data.route);
  return (
    <>
      <a className="skip-link" href="#main" id="top">
        {t('common.skipToContent')}
      </a>
      {chrome ? <TopBar data={data} band={headerBand} /> : null}
      <ServerSlot as="main" id="main" className={`main main--${data.route.kind}`} tabIndex={-1}>
        {content}
      </ServerSlot>
      {chrome ? <ServerSlot className="site-footer-slot">{footer}</ServerSlot> : null}
      <BackToTop />
      <CookieNotice />
    </>
  );
}

/**
 * The whole page below <div id="root">, the same tree on the server and in the browser. The default
 * theme's SiteProvider carries the data, the text and the light/dark choice its widgets read.
 */
export function ProviderRoot({ payload, content, footer, headerBand }: ProviderRootProps) {
  return (
    <SiteProvider payload={payload}>
      <ProviderPage content={content} footer={footer} headerBand={headerBand} />
    </SiteProvider>
  );
}

import { renderToString } from 'react-dom/server';
import { clientData, messagesFor, readAssetManifest, renderFailurePage, siteExtensions, writeDocument, type PagePayload } from '@lectern/theme-default';
import type { RenderedPage, SitePageData, ThemeExtensions } from '@lectern/sdk';
import { ProviderRoot } from './app.js';
import { CLIENT_BASE, CLIENT_ENTRY, clientDir } from './client-dir.js';
import { pageMeta } from './page-meta.js';
import { routeFound } from './route-view.js';
import { providerParts } from './server-parts.js';

/** Draws one page of the provider site: the app, then the document around it. */
function renderProviderPage(data: SitePageData, given: ThemeExtensions | undefined): RenderedPage {
  const extensions = siteExtensions(given);
  const found = routeFound(data, extensions.views);
  const meta = pageMeta(data, found);
  // The theme's own pages get their own title and description; a missing page is not indexed.
  const seo = { ...data.seo, title: meta.title, description: meta.description, noindex: data.seo.noindex || !found };
  const payload: PagePayload = { data: { ...data, seo }, messages: messagesFor(data.shell.language), renderedAt: Date.now() };
  const parts = providerParts(payload.data, extensions);
  const appHtml = renderToString(<ProviderRoot payload={payload} content={parts.content} footer={parts.footer} headerBand={parts.headerBand} />);
  // The browser keeps the server's content, footer and documents, so their data is not sent twice.
  const html = writeDocument({
    payload: { ...payload, data: clientData(payload.data) },
    appHtml,
    assets: { base: CLIENT_BASE, manifest: readAssetManifest(clientDir), entry: CLIENT_ENTRY },
    bodyClass: 'provider',
  });
  return { status: found ? 200 : 404, html };
}

/** ThemeDefinition.render: never throws (the contract); a failure answers a bare 500 page. */
export function renderPage(data: SitePageData, extensions?: ThemeExtensions): RenderedPage {
  try {
    return renderProviderPage(data, extensions);
  } catch (error) {
    process.emitWarning(
      `theme-provider could not render ${String(data?.path)}: ${error instanceof Error ? error.message : String(error)}`,
      'ThemeRenderWarning',
    );
    return renderFailurePage(data);
  }
}

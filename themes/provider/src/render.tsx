import { renderToString } from 'react-dom/server';
import { messagesFor, readAssetManifest, renderFailurePage, writeDocument, type PagePayload } from '@lectern/theme-default';
import type { RenderedPage, SitePageData } from '@lectern/sdk';
import { ProviderRoot } from './app.js';
import { CLIENT_BASE, CLIENT_ENTRY, clientDir } from './client-dir.js';
import { pageMeta } from './page-meta.js';
import { routeFound } from './route-view.js';

/** Draws one page of the provider site: the app, then the document around it. */
function renderProviderPage(data: SitePageData): RenderedPage {
  const found = routeFound(data);
  const meta = pageMeta(data, found);
  // The theme's own pages get their own title and description; a missing page is not indexed.
  const seo = { ...data.seo, title: meta.title, description: meta.description, noindex: data.seo.noindex || !found };
  const payload: PagePayload = { data: { ...data, seo }, messages: messagesFor(data.shell.language), renderedAt: Date.now() };
  const appHtml = renderToString(<ProviderRoot payload={payload} />);
  const html = writeDocument({ payload, appHtml, assets: { base: CLIENT_BASE, manifest: readAssetManifest(clientDir), entry: CLIENT_ENTRY }, bodyClass: 'provider' });
  return { status: found ? 200 : 404, html };
}

/** ThemeDefinition.render: never throws (the contract); a failure answers a bare 500 page. */
export function renderPage(data: SitePageData): RenderedPage {
  try {
    return renderProviderPage(data);
  } catch (error) {
    process.emitWarning(`theme-provider could not render ${String(data?.path)}: ${error instanceof Error ? error.message : String(error)}`, 'ThemeRenderWarning');
    return renderFailurePage(data);
  }
}

import { renderToString } from 'react-dom/server';
import type { RenderedPage, SitePageData, ThemeExtensions } from '@lectern/sdk';
import type { PagePayload } from '../app/page-payload.js';
import { clientData } from '../app/client-data.js';
import { siteExtensions } from '../app/extensions.js';
import { routeStatus } from '../app/plugin-page.js';
import { serverParts } from '../app/server-parts.js';
import { SiteApp } from '../app/site-app.js';
import { AUTH_PANEL_ENTRY, CLIENT_BASE, CLIENT_DIR, CLIENT_ENTRY } from '../client-dir.js';
import { readAssetManifest, type AssetManifest } from '../document/asset-manifest.js';
import { themeStyle } from '../document/theme-style.js';
import { writeDocument } from '../document/write-document.js';
import { fontFor } from '../fonts/index.js';
import { messagesFor } from '../i18n/catalogue.js';
import { readTheme } from '../lib/site-settings.js';

export interface RenderOptions {
  /** The build's manifest; read from dist/client when left out (tests pass null for "no build"). */
  manifest?: AssetManifest | null;
  /** The clock, for tests of time windows. */
  now?: number;
  /** The views and blocks of the account's plugins (ThemeDefinition.render's second argument). */
  extensions?: ThemeExtensions;
}

/** Draws one page of the default theme: the app, then the document around it. */
export function renderSitePage(data: SitePageData, options: RenderOptions = {}): RenderedPage {
  const payload: PagePayload = { data, messages: messagesFor(data.shell.language), renderedAt: options.now ?? Date.now() };
  const parts = serverParts(data, options.extensions);
  const appHtml = renderToString(
    <SiteApp payload={payload} content={parts.content} footer={parts.footer} headerBand={parts.headerBand} overlays={parts.overlays} />,
  );
  const font = fontFor(readTheme(data.shell).fontFamily);
  const manifest = options.manifest === undefined ? readAssetManifest(CLIENT_DIR) : options.manifest;
  const html = writeDocument({
    payload: { ...payload, data: clientData(data) },
    appHtml,
    assets: {
      base: CLIENT_BASE,
      manifest,
      entry: CLIENT_ENTRY,
      styleEntries: font.entry === null ? [] : [font.entry],
      // client.tsx loads the sign-in view before hydrating these routes.
      preloadEntries: data.route.kind === 'login' || data.route.kind === 'signup' ? [AUTH_PANEL_ENTRY] : [],
    },
    inlineStyle: themeStyle(data.shell, font.stack),
    bodyClass: `body--${readTheme(data.shell).bodyStyle}`,
  });
  return { status: routeStatus(data, siteExtensions(options.extensions).views), html };
}

/** A bare page for when drawing fails (the contract: render never throws). */
export function renderFailurePage(data: SitePageData): RenderedPage {
  const lang = typeof data?.shell?.language === 'string' && /^[a-z]{2}$/.test(data.shell.language) ? data.shell.language : 'en';
  return {
    status: 500,
    html: `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Error</title></head><body><main><h1>Something went wrong</h1><p><a href="/">Home</a></p></main></body></html>`,
  };
}

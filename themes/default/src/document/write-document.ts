import type { SitePageData } from '@lectern/sdk';
import { PAYLOAD_ELEMENT_ID, type PagePayload } from '../app/page-payload.js';
import { readBranding } from '../lib/site-settings.js';
import { entryAssets, type AssetManifest } from './asset-manifest.js';
import { escapeHtml, jsonForScript } from './escape.js';
import { seoTags } from './seo-tags.js';

export interface DocumentAssets {
  /** Public URL prefix of the build, with a trailing slash, e.g. '/_theme/default/'. */
  base: string;
  /** The build's Vite manifest; null draws the page without scripts and styles. */
  manifest: AssetManifest | null;
  /** Manifest key of the browser entry, e.g. 'src/client.tsx'. */
  entry: string;
  /** Extra CSS-only entries to link (the font family's stylesheet). */
  styleEntries?: string[];
  /** Lazily loaded chunks this page will need at once (modulepreload), e.g. the sign-in form. */
  preloadEntries?: string[];
}

export interface DocumentInput {
  payload: PagePayload;
  /** renderToString output of the app. */
  appHtml: string;
  assets: DocumentAssets;
  /** CSS for the inline <style> (variables only; see theme-style.ts). */
  inlineStyle?: string;
  bodyClass?: string;
  /** Trusted markup for the end of <head> (a theme's own additions). */
  extraHead?: string;
}

/**
 * The whole HTML document around a rendered app: <html lang dir data-theme>, SEO tags, manifest
 * and icon, stylesheets from the Vite manifest, the hydration data as inert JSON, the module entry
 * with its preloads, then the owner's misc scripts. No inline executable script (the CSP forbids
 * them); the only inline code is the JSON data block, which browsers never execute.
 */
export function writeDocument(input: DocumentInput): string {
  const { payload, appHtml, assets } = input;
  const data: SitePageData = payload.data;
  const shell = data.shell;
  const branding = readBranding(shell);
  const entry = entryAssets(assets.manifest, assets.entry, assets.base);
  const styles = [...entry.styles];
  for (const key of assets.styleEntries ?? [])
    for (const href of entryAssets(assets.manifest, key, assets.base).styles) if (!styles.includes(href)) styles.push(href);
  const preloads = [...entry.preloads];
  for (const key of assets.preloadEntries ?? []) {
    const chunk = entryAssets(assets.manifest, key, assets.base);
    for (const href of [chunk.script, ...chunk.preloads]) if (href !== null && href !== entry.script && !preloads.includes(href)) preloads.push(href);
  }

  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    seoTags(data, branding.title),
    '<link rel="manifest" href="/manifest.webmanifest">',
    branding.icon === null ? '' : `<link rel="icon" href="${escapeHtml(branding.icon)}">`,
    `<meta name="color-scheme" content="light dark">`,
    ...styles.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
    input.inlineStyle === undefined || input.inlineStyle === '' ? '' : `<style>${input.inlineStyle.replace(/<\//g, '<\\/')}</style>`,
    ...preloads.map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}">`),
    input.extraHead ?? '',
  ].join('');

  const scheme = data.colorScheme === 'dark' ? 'dark' : 'light';
  const body = [
    `<div id="root">${appHtml}</div>`,
    `<script type="application/json" id="${PAYLOAD_ELEMENT_ID}">${jsonForScript(payload)}</script>`,
    entry.script === null ? '' : `<script type="module" src="${escapeHtml(entry.script)}"></script>`,
    typeof shell.scripts === 'string' ? shell.scripts : '',
  ].join('');
  const bodyClass = input.bodyClass === undefined || input.bodyClass === '' ? '' : ` class="${escapeHtml(input.bodyClass)}"`;
  return `<!doctype html><html lang="${escapeHtml(shell.language)}" dir="${shell.direction === 'rtl' ? 'rtl' : 'ltr'}" data-theme="${scheme}"><head>${head}</head><body${bodyClass}>${body}</body></html>`;
}

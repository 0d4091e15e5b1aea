/**
 * @lectern/theme-default: the kernel imports `theme` (a ThemeDefinition). Other themes reuse the
 * server-side document writer and asset-manifest reader from here, and the browser-safe shell
 * from '@lectern/theme-default/kit' (re-exported below). Keep these names stable.
 */
export { theme } from './theme.js';
export { renderSitePage, renderFailurePage, type RenderOptions } from './render/render-page.js';
export { serverParts, type ServerParts } from './app/server-parts.js';

// The document around a rendered app, and the build's asset manifest (server only: node:fs).
export { writeDocument, type DocumentAssets, type DocumentInput } from './document/write-document.js';
export { readAssetManifest, entryAssets, type AssetManifest, type ManifestChunk, type EntryAssets } from './document/asset-manifest.js';
export { themeStyle, textOn } from './document/theme-style.js';
export { seoTags } from './document/seo-tags.js';
export { escapeHtml, jsonForScript } from './document/escape.js';
export { CLIENT_DIR, CLIENT_BASE, CLIENT_ENTRY, packageDir } from './client-dir.js';
export { messagesFor, SITE_LANGUAGES, type SiteLanguage } from './i18n/catalogue.js';

export * from './kit.js';

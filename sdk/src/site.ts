/**
 * @lectern/sdk/site: the public-site contract for browser code, whichever theme draws the site
 * (DESIGN §2a). Safe in a page's bundle: it imports no server module; React is a peer.
 * - Types and constants of page data and islands (from the kernel's browser-safe part).
 * - The site kit: useSite (page data, text, light/dark), useSiteUi (the theme's styled primitives),
 *   useDialogFocus, the window events between parts, and island/extension-point types.
 * - Extension points: plugins declare UI per place, themes draw it with SiteSlot; overlays (popups)
 *   the theme draws and a plugin opens by its rules.
 * - A plugin's island text: createPluginText, from the catalogues its server views and admin read.
 */
export * from '@lectern/core/site';
export { SiteContext, useSite, type SiteContextValue, type SiteTranslate, type ColorScheme } from './site/site-context.js';
export { SiteUiProvider, useSiteUi, type SiteUi, type HeaderButtonProps, type AuthPanelProps, type SiteIconName } from './site/site-ui.js';
export { SEARCH_OPEN_EVENT, CART_OPEN_EVENT, CART_CHANGE_EVENT, emitSiteEvent } from './site/site-events.js';
export { useDialogFocus } from './site/use-dialog-focus.js';
export { createPluginText, type PluginText, type PluginTextTranslate, type TextKey, type CatalogueLoaders } from './site/plugin-text.js';
export { focusableIn } from './site/focusable.js';
export {
  SiteSlot,
  useSiteExtensions,
  registerSiteExtensions,
  clearSiteExtensions,
  type SiteExtensionPoints,
  type SiteExtensionPoint,
} from './site/extension-points.js';
export { openSiteOverlay, closeSiteOverlay, onSiteOverlayClosed, useOpenSiteOverlays, overlayKey, type OverlayCloseListener } from './site/overlays.js';
export {
  mountPluginIslands,
  PLUGIN_GLOBAL_ATTRIBUTE,
  type IslandProps,
  type IslandSession,
  type GlobalProps,
  type PluginClientModule,
  type PluginClientLoaders,
  type MountIslandsInput,
  type IslandLog,
} from './site/plugin-islands.js';

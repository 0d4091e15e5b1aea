/**
 * @lectern/theme-default/kit: the shell's browser-safe parts (no Node modules, no react-dom/server,
 * not the twenty catalogues), for other themes' client bundles. The provider theme builds its
 * pages from these. The package root re-exports all of it plus the server-side writer.
 */

// Page data, text and light/dark for a React tree (wrap pages in SiteProvider).
export { SiteProvider, useSite, type SiteContextValue, type Translate } from './app/site-context.js';
export { PAYLOAD_ELEMENT_ID, type PagePayload } from './app/page-payload.js';
export { SiteApp, type SiteAppProps } from './app/site-app.js';
export { ServerSlot } from './app/server-slot.js';
export { clientData } from './app/client-data.js';
export { hidesChrome, hidesAdminRail } from './app/chrome.js';
// What the account's plugins add (ThemeDefinition.render's extensions), for server-drawn parts.
export { ExtensionsProvider, useExtensions, siteExtensions, NO_EXTENSIONS, type SiteExtensions } from './app/extensions.js';
export { PluginPage, pluginViewOf, routeStatus } from './app/plugin-page.js';
// Plugins' browser islands (their site/client.tsx modules), mounted by the client entry after hydration.
// The types and the mounting are @lectern/sdk/site's (plugins import them from there); this theme adds its SiteProvider.
export {
  mountPluginIslands,
  PLUGIN_GLOBAL_ATTRIBUTE,
  type IslandProps,
  type GlobalProps,
  type PluginClientModule,
  type PluginClientLoaders,
  type MountIslandsInput,
  type IslandLog,
} from './app/plugin-islands.js';
export { translate, type Messages, type MessageKey, type Catalogue } from './i18n/messages.js';

// Components.
export { AuthPanel, returnPathOf } from './auth/auth-panel.js';
export { ThemeToggle } from './widgets/theme-toggle.js';
export { CookieNotice } from './consent/cookie-notice.js';
export { BackToTop, BACK_TO_TOP_AFTER_PX } from './widgets/back-to-top.js';
export { BlogList, blogPageHref, type BlogListProps } from './views/blog-list.js';
export { PostView } from './views/post-view.js';
export { MessageView } from './views/message-view.js';
export { DocumentView } from './views/document-view.js';
export { SearchModal, isSearchShortcut } from './search/search-modal.js';
export { UserChip, type UserChipDisplay } from './user/user-chip.js';
export { Avatar, DefaultAvatar } from './user/avatar.js';
export { AdminRail } from './admin-rail/admin-rail.js';
export { Header, HEADER_SHADOW_AFTER_PX } from './header/header.js';
export { NavMenu } from './header/nav-menu.js';
export { MobileDrawer } from './header/mobile-drawer.js';
export { Footer } from './footer/footer.js';
export { HeaderNotice } from './notices/header-notice.js';
export { FooterNotice } from './notices/footer-notice.js';
export { useScrolledPast } from './lib/use-scrolled-past.js';
// Theme-neutral, from @lectern/sdk/site (re-exported so themes built on this kit keep working).
export { useDialogFocus } from './lib/use-dialog-focus.js';

// Small rules (pure).
export { safeReturnPath } from './lib/return-path.js';
export { COLOR_SCHEME_COOKIE, THEME_STORAGE_KEY, colorSchemeCookie, persistColorScheme, type ColorScheme } from './lib/color-scheme.js';
export { CONSENT_COOKIE, CONSENT_MAX_AGE_SECONDS, CONSENT_EVENT, parseConsent, consentCookie, type ConsentChoice } from './consent/consent.js';
export { HIDE_HEADER_NOTICE_KEY, headerNoticeVisible, insideWindow } from './notices/notice-window.js';
export { SEARCH_DEBOUNCE_MS, shouldSearch, showNotFound, groupResults, searchUrl } from './search/search-rules.js';
export { canSeeAdminRail, railLinks, revalidateUrl } from './admin-rail/rail-links.js';
export { readBranding, readHeader, readMenus, readFooter, readNotices, readTheme, type MenuNode } from './lib/site-settings.js';
export { readHeaderDocument, readFooterDocument, type StoredDocument } from './lib/shell-documents.js';
export { logOut, SITE_SIGNOUT_URL } from './auth/log-out.js';
export { SEARCH_OPEN_EVENT, CART_OPEN_EVENT, CART_CHANGE_EVENT } from './lib/events.js';

import type { ReactNode } from 'react';
import { SiteSlot } from '@lectern/sdk/site';
import { ServerSlot } from '../app/server-slot.js';
import { useSite } from '../app/site-context.js';
import { emit, SEARCH_OPEN_EVENT } from '../lib/events.js';
import { readBranding, readHeader, readMenus } from '../lib/site-settings.js';
import { readHeaderDocument } from '../lib/shell-documents.js';
import { useScrolledPast } from '../lib/use-scrolled-past.js';
import { UserChip } from '../user/user-chip.js';
import { SearchIcon } from '../widgets/icons.js';
import { ThemeToggle } from '../widgets/theme-toggle.js';
import { LoginLinks } from './login-links.js';
import { pathOnly } from './menu-link.js';
import { MobileDrawer } from './mobile-drawer.js';
import { NavMenu } from './nav-menu.js';
import { SiteLogo } from './site-logo.js';

/** SPEC §9: the header gains a shadow after 20 px of scroll. */
export const HEADER_SHADOW_AFTER_PX = 20;

/**
 * The site header (SPEC §3 header settings): logo, menu, and the search, light/dark and login
 * controls the owner switched on, the header widgets plugins declare (the shop's cart), in one of the header styles; then, full width, the band the
 * owner made in the visual editor (`band`: drawn by the server, kept as drawn in the browser).
 */
export function Header({ band }: { band?: ReactNode }) {
  const { t, data } = useSite();
  const options = readHeader(data.shell);
  const branding = readBranding(data.shell);
  const menus = readMenus(data.shell);
  const scrolled = useScrolledPast(HEADER_SHADOW_AFTER_PX);
  const currentPath = pathOnly(data.path);
  const classes = ['site-header', `site-header--${options.style}`, options.fixed ? 'site-header--fixed' : '', scrolled ? 'is-scrolled' : '']
    .filter(Boolean)
    .join(' ');
  return (
    <header className={classes} data-testid="site-header">
      <div className="site-header__inner">
        <SiteLogo branding={branding} />
        {options.style === 'minimal' ? null : <NavMenu items={menus.header} currentPath={currentPath} label={t('header.mainNav')} />}
        <div className="site-header__actions">
          {options.search ? (
            <button
              type="button"
              className="icon-button"
              aria-label={t('header.search')}
              aria-keyshortcuts="Control+K Meta+K"
              onClick={() => emit(SEARCH_OPEN_EVENT)}
              data-testid="header-search"
            >
              <SearchIcon />
            </button>
          ) : null}
          {options.darkLight ? <ThemeToggle /> : null}
          {/* Plugins' header widgets (the shop's cart with its count), once their modules loaded. */}
          <SiteSlot point="header" />
          {options.login ? data.viewer === null ? <LoginLinks currentPath={data.path} /> : <UserChip viewer={data.viewer} display="avatar" tooltip /> : null}
          {/* The minimal style keeps its menu in the drawer at every width. */}
          <MobileDrawer items={menus.mobile} currentPath={currentPath} everyWidth={options.style === 'minimal'} />
        </div>
      </div>
      {readHeaderDocument(data.shell) === null ? null : <ServerSlot className="site-header__band">{band}</ServerSlot>}
    </header>
  );
}

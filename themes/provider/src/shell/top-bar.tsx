import { useCallback, useState, type ReactNode } from 'react';
import { ServerSlot, ThemeToggle, readHeaderDocument } from '@lectern/theme-default/kit';
import type { SitePageData } from '@lectern/sdk';
import { AccountLinks } from './account-links.js';
import { Brand } from './brand.js';
import { MobileMenu } from './mobile-menu.js';
import { NavLinks } from './nav-links.js';
import { useTopBarVisible } from './use-top-bar-visible.js';

/**
 * Logo, navigation, theme switch and account links; slides away on scroll down (SPEC §9). Under
 * them, the owner's header document (`band`: drawn by the server, kept as drawn in the browser).
 */
export function TopBar({ data, band }: { data: SitePageData; band?: ReactNode }) {
  const scrolledIn = useTopBarVisible();
  const [menuOpen, setMenuOpen] = useState(false);
  // Keyboard users tabbing into a hidden bar must see where focus went.
  const [focused, setFocused] = useState(false);
  const onMenuChange = useCallback((open: boolean) => setMenuOpen(open), []);
  const visible = scrolledIn || menuOpen || focused;
  return (
    <header
      className={visible ? 'top-bar' : 'top-bar top-bar-hidden'}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className="top-bar-inner">
        <Brand shell={data.shell} />
        <nav className="top-nav" aria-label="Main">
          <NavLinks path={data.path} className="top-nav-list" />
        </nav>
        <div className="top-bar-actions">
          <ThemeToggle className="icon-button" />
          <AccountLinks viewer={data.viewer} className="account-links" />
          <MobileMenu onOpenChange={onMenuChange}>
            <nav aria-label="Mobile">
              <NavLinks path={data.path} className="mobile-nav-list" />
            </nav>
            <AccountLinks viewer={data.viewer} className="mobile-account-links" />
          </MobileMenu>
        </div>
      </div>
      {readHeaderDocument(data.shell) === null ? null : <ServerSlot className="top-bar-band">{band}</ServerSlot>}
    </header>
  );
}

import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { SIDEBAR_STORAGE_KEY } from '../app/preferences';

/** SPEC §9: under 768 px the sidebar is forced closed. */
export const MOBILE_QUERY = '(max-width: 767px)';

function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const list = window.matchMedia(query);
    const onChange = () => setMatches(list.matches);
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, [query]);
  return matches;
}

function storedOpen(fallback: boolean): boolean {
  try {
    const value = localStorage.getItem(SIDEBAR_STORAGE_KEY);
    return value === null ? fallback : value === 'true';
  } catch {
    return fallback;
  }
}

/**
 * SPEC §4 Sidebar: remembered, collapsed at first, forced closed under 768 px, closed on route change.
 * On wide screens "closed" is the icon rail and the choice is remembered; on narrow ones the sidebar is
 * a drawer over the page that each navigation closes (a drawer left open would cover the new screen).
 */
export function useSidebar(remembered: boolean, save: (open: boolean) => void) {
  const mobile = useMediaQuery(MOBILE_QUERY);
  const [desktopOpen, setDesktopOpen] = useState(() => storedOpen(remembered));
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => setDrawerOpen(false), [pathname, mobile]);
  const toggle = useCallback(() => {
    if (mobile) {
      setDrawerOpen((o) => !o);
      return;
    }
    setDesktopOpen((open) => {
      save(!open);
      return !open;
    });
  }, [mobile, save]);
  return { mobile, open: mobile ? drawerOpen : desktopOpen, toggle, close: () => setDrawerOpen(false) };
}

import { createContext, useContext, type ComponentType, type ReactNode } from 'react';

/** Icons every theme draws in its own style (plugins name them; the theme picks the glyph). */
export type SiteIconName = 'cart' | 'search';

/** A control in the header's action row, drawn in the theme's look. */
export interface HeaderButtonProps {
  icon: SiteIconName;
  /** The accessible name (the button shows only the icon and the badge). */
  label: string;
  /** A small count over the icon; nothing is drawn for 0 or undefined. */
  badge?: number;
  onClick: () => void;
  testId?: string;
  className?: string;
}

/** The theme's sign-in / sign-up forms, sending the visitor back to `returnPath` once signed in. */
export interface AuthPanelProps {
  mode: 'login' | 'signup';
  returnPath?: string;
}

/**
 * The styled primitives a theme lends plugin code, so a plugin draws in whatever theme the site uses
 * without importing one. Behaviour that needs no look (dialog focus, events, formatting) is in the
 * SDK itself.
 */
export interface SiteUi {
  HeaderButton: ComponentType<HeaderButtonProps>;
  AuthPanel: ComponentType<AuthPanelProps>;
}

const SiteUiContext = createContext<SiteUi | null>(null);

/** A theme registers its primitives for everything below (its SiteProvider does this). */
export function SiteUiProvider({ ui, children }: { ui: SiteUi; children: ReactNode }) {
  return <SiteUiContext.Provider value={ui}>{children}</SiteUiContext.Provider>;
}

/** The theme's primitives; throws when no theme provided them. */
export function useSiteUi(): SiteUi {
  const ui = useContext(SiteUiContext);
  if (ui === null) throw new Error('useSiteUi outside a theme that provides SiteUiProvider');
  return ui;
}

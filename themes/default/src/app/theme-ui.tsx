import { lazy, Suspense } from 'react';
import type { AuthPanelProps, HeaderButtonProps, SiteIconName, SiteUi } from '@lectern/sdk/site';
import { CartIcon, SearchIcon } from '../widgets/icons.js';

const ICONS: Record<SiteIconName, () => React.JSX.Element> = { cart: CartIcon, search: SearchIcon };

/** A header action in this theme's look: an icon button with an optional count badge. */
function HeaderButton({ icon, label, badge, onClick, testId, className }: HeaderButtonProps) {
  const Icon = ICONS[icon];
  return (
    <button type="button" className={['icon-button', className].filter(Boolean).join(' ')} aria-label={label} onClick={onClick} data-testid={testId}>
      <Icon />
      {badge !== undefined && badge > 0 ? (
        <span className="icon-button__badge" aria-hidden="true">
          {badge}
        </span>
      ) : null}
    </button>
  );
}

// The forms (and supabase-js behind them) stay out of a content page's bundle: fetched when a plugin draws them.
const LazyAuthPanel = lazy(() => import('../auth/auth-panel.js').then(({ AuthPanel }) => ({ default: AuthPanel })));

/** The theme's sign-in / sign-up forms for plugin screens (the shop's checkout). */
function AuthPanel(props: AuthPanelProps) {
  return (
    <Suspense fallback={null}>
      <LazyAuthPanel {...props} />
    </Suspense>
  );
}

/** What this theme lends plugins' browser code through @lectern/sdk/site's useSiteUi(). */
export const THEME_UI: SiteUi = { HeaderButton, AuthPanel };

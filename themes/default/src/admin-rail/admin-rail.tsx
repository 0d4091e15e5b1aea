import { useState, type ReactElement } from 'react';
import { useSite } from '../app/site-context.js';
import { EditIcon, RefreshIcon, SettingsIcon, UsersIcon } from '../widgets/icons.js';
import { canSeeAdminRail, railLinks, revalidateUrl, type RailLink } from './rail-links.js';

const ICONS: Record<string, () => ReactElement> = { 'edit-page': EditIcon, 'edit-post': EditIcon, users: UsersIcon };

/**
 * SPEC §2 admin quick-edit rail, for `admin`/`manage_options` only: clear this page's cache (then
 * reload), edit what is on screen, and jump to users and the site's theme, header and footer settings.
 */
export function AdminRail() {
  const { t, data } = useSite();
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  if (!canSeeAdminRail(data.viewer)) return null;
  const clearCache = () => {
    setState('busy');
    fetch(revalidateUrl(data.shell.account.id, window.location.pathname), { credentials: 'same-origin', headers: { accept: 'application/json' } })
      .then((response) => {
        if (!response.ok) throw new Error(`revalidate ${response.status}`);
        window.location.reload();
      })
      .catch(() => setState('failed'));
  };
  const links: RailLink[] = railLinks(data.route);
  return (
    <nav className="admin-rail" aria-label={t('admin.rail')} data-testid="admin-rail">
      <ul>
        <li>
          <button
            type="button"
            onClick={clearCache}
            disabled={state === 'busy'}
            aria-describedby={state === 'failed' ? 'admin-rail-error' : undefined}
            data-testid="admin-clear-cache"
          >
            <RefreshIcon />
            <span>{state === 'busy' ? t('admin.clearing') : t('admin.clearCache')}</span>
          </button>
        </li>
        {links.map((link) => {
          const Icon = ICONS[link.id] ?? SettingsIcon;
          return (
            <li key={link.id}>
              <a href={link.href} data-rail={link.id}>
                <Icon />
                <span>{typeof link.label === 'string' ? t(link.label) : link.label.text}</span>
              </a>
            </li>
          );
        })}
      </ul>
      {state === 'failed' ? (
        <p id="admin-rail-error" className="admin-rail__error" role="alert">
          {t('admin.clearFailed')}
        </p>
      ) : null}
    </nav>
  );
}

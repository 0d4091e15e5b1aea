import { useSite } from '../app/site-context.js';
import type { Branding } from '../lib/site-settings.js';

/** The logo for the current scheme (dark_logo in dark mode when there is one), else the site title. */
export function SiteLogo({ branding }: { branding: Branding }) {
  const { t, scheme } = useSite();
  const src = scheme === 'dark' ? (branding.darkLogo ?? branding.logo) : (branding.logo ?? branding.darkLogo);
  return (
    <a className="site-logo" href="/" aria-label={src === null ? undefined : t('header.home', { site: branding.title })} data-testid="site-logo">
      {src === null ? <span className="site-logo__title">{branding.title}</span> : <img className="site-logo__image" src={src} alt={branding.title} />}
    </a>
  );
}

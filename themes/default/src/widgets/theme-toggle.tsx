import { useSite } from '../app/site-context.js';
import { MoonIcon, SunIcon } from './icons.js';

/** The site's light/dark switch (SPEC §2: light or dark only on public sites; kept in a cookie and localStorage). */
export function ThemeToggle({ className = 'icon-button' }: { className?: string }) {
  const { t, scheme, setScheme } = useSite();
  const next = scheme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className={`${className} theme-toggle`}
      aria-label={next === 'dark' ? t('theme.toDark') : t('theme.toLight')}
      onClick={() => setScheme(next)}
      data-testid="theme-toggle"
    >
      {scheme === 'dark' ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}

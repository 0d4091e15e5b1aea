import { useSite } from '../app/site-context.js';

const AUTH_PATHS = new Set(['/login', '/signup']);

/** Log in / Sign up for signed-out visitors; they come back to this page afterwards. */
export function LoginLinks({ currentPath }: { currentPath: string }) {
  const { t, data } = useSite();
  const path = currentPath.split(/[?#]/)[0] || '/';
  const back = AUTH_PATHS.has(path) || path === '/' ? '' : `?${new URLSearchParams({ redirectedFrom: data.path }).toString()}`;
  return (
    <div className="login-links">
      <a className="button button--ghost" href={`/login${back}`}>
        {t('header.login')}
      </a>
      <a className="button button--primary" href={`/signup${back}`}>
        {t('header.signup')}
      </a>
    </div>
  );
}

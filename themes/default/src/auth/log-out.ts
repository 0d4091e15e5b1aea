/** The kernel's end of the site's log-out: ends the session the httpOnly cookie holds, clears it. */
export const SITE_SIGNOUT_URL = '/api/site/signout';

type BrowserSessionActions = { endBrowserSession: () => Promise<void> };

const loadActions = (): Promise<BrowserSessionActions> => import('./auth-actions.js');

/**
 * The user chip's Log out. supabase-js (a lazy chunk: content pages never ship it) ends the session
 * this browser stored, when there is one; then the kernel always ends the session of the cookie the
 * server drew this page for, which may belong to another tab's sign-in or to storage since cleared.
 * The caller reloads afterwards whatever happened, so the page shows the true state.
 */
export async function logOut(load: () => Promise<BrowserSessionActions> = loadActions, fetcher: typeof fetch = fetch): Promise<void> {
  try {
    await (await load()).endBrowserSession();
  } catch {
    // The chunk failed to load (offline, a new deploy): the cookie's session must still end.
  }
  try {
    await fetcher(SITE_SIGNOUT_URL, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: '{}',
    });
  } catch {
    // Offline: nothing more to do here; the reload shows whether the visitor is still signed in.
  }
}

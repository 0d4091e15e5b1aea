import type { GlobalProps } from '@lectern/sdk/site';
import { useEffect } from 'react';

/** Only a path on this site or an https address is followed (what redirect_user accepts). */
const followable = (url: string) => /^\/(?!\/)/.test(url) || /^https:\/\//.test(url);

/**
 * SPEC §9 redirect_user on the member's next page load: once per page for a signed-in member, asks
 * for the redirect an automation left (taking it forgets it) and goes there. Draws nothing.
 */
export function PendingRedirect({ page, session }: GlobalProps) {
  const signedIn = page.viewer !== null;
  useEffect(() => {
    if (!signedIn) return;
    let cancelled = false;
    void (async () => {
      const token = await session.accessToken();
      if (token === null || cancelled) return;
      const response = await fetch('/api/marketing/public/redirect', {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: '{}',
      }).catch(() => null);
      if (response === null || !response.ok || cancelled) return;
      const { url } = (await response.json()) as { url: string | null };
      if (url !== null && followable(url) && url !== window.location.pathname) window.location.assign(url);
    })();
    return () => {
      cancelled = true;
    };
  }, [signedIn, session]);
  return null;
}

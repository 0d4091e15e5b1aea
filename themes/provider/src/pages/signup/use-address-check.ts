import { useEffect, useState } from 'react';
import type { SiteAddressWire } from '@lectern/sdk/wire';

/** The live check's state: idle before anything is typed, checking while a request is out, then the answer. */
export type AddressCheck = { state: 'idle' } | { state: 'checking' } | { state: 'answered'; answer: SiteAddressWire } | { state: 'failed' };

/** How long typing must pause before the address is checked. */
const PAUSE_MS = 300;

/**
 * Asks GET /api/signup/address about the address as it is typed (or, until the person edits the
 * address, about the one made from the site's name). Only the newest question's answer is kept.
 */
export function useAddressCheck(query: { slug: string } | { name: string }): AddressCheck {
  const [check, setCheck] = useState<AddressCheck>({ state: 'idle' });
  const key = 'slug' in query ? `slug=${encodeURIComponent(query.slug.trim())}` : `name=${encodeURIComponent(query.name.trim())}`;
  const blank = ('slug' in query ? query.slug : query.name).trim() === '';
  useEffect(() => {
    if (blank) {
      setCheck({ state: 'idle' });
      return;
    }
    const controller = new AbortController();
    setCheck({ state: 'checking' });
    const timer = window.setTimeout(() => {
      fetch(`/api/signup/address?${key}`, { headers: { accept: 'application/json' }, signal: controller.signal })
        .then(async (response) => {
          if (!response.ok) throw new Error(String(response.status));
          setCheck({ state: 'answered', answer: (await response.json()) as SiteAddressWire });
        })
        .catch((error: unknown) => {
          if (!controller.signal.aborted) setCheck({ state: 'failed' });
          return error;
        });
    }, PAUSE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [key, blank]);
  return check;
}

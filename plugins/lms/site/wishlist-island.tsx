import type { IslandProps } from '@lectern/sdk/site';
import { useState } from 'react';
import { WishlistButton, type WishlistProps } from '../src/site/wishlist-button.js';

/** The course page's "save for later" toggle: PUT or DELETE /api/lms/wishlist/{course} as the signed-in member. */
export function WishlistIsland({ props, session }: IslandProps) {
  const { courseId, saved: initial, words } = props as WishlistProps;
  const [saved, setSaved] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const toggle = async () => {
    setBusy(true);
    setFailed(false);
    try {
      const token = await session.accessToken();
      const response = await fetch(`/api/lms/wishlist/${encodeURIComponent(courseId)}`, {
        method: saved ? 'DELETE' : 'PUT',
        headers: {
          accept: 'application/json',
          ...(saved ? {} : { 'content-type': 'application/json' }),
          ...(token === null ? {} : { authorization: `Bearer ${token}` }),
        },
        ...(saved ? {} : { body: '{}' }),
      });
      if (!response.ok) throw new Error(String(response.status));
      setSaved(((await response.json()) as { saved: boolean }).saved);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return <WishlistButton saved={saved} words={words} busy={busy} failed={failed} onToggle={() => void toggle()} />;
}

import { useState } from 'react';
import { DefaultAvatar } from '../user/avatar.js';

const SIZE = 40;

/**
 * A search hit's picture. A member without one, or whose avatar fails to load, shows the default
 * avatar (SPEC §8); any other hit whose image fails shows none rather than a broken-image icon.
 * Keyed by `src` where used, so a new hit starts over.
 */
export function HitImage({ src, member }: { src: string | null; member: boolean }) {
  const [failed, setFailed] = useState(false);
  const usable = src !== null && src.trim() !== '' && !failed;
  if (!usable) return member ? <DefaultAvatar size={SIZE} /> : null;
  return <img className="search-hit__image" src={src} alt="" width={SIZE} height={SIZE} loading="lazy" onError={() => setFailed(true)} />;
}

import { useEffect, useRef, useState } from 'react';

/** SPEC §8: an avatar that fails to load shows the default avatar instead. */
export function Avatar({ src, size = 32 }: { src: string; size?: number }) {
  const [failed, setFailed] = useState(src.trim() === '');
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    // The image may have failed before hydration attached onError.
    const el = image.current;
    if (el !== null && el.complete && el.naturalWidth === 0) setFailed(true);
  }, []);
  if (failed) return <DefaultAvatar size={size} />;
  return <img ref={image} className="avatar" src={src} alt="" width={size} height={size} loading="lazy" decoding="async" onError={() => setFailed(true)} />;
}

export function DefaultAvatar({ size = 32 }: { size?: number }) {
  return (
    <svg className="avatar avatar--default" width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false" data-testid="default-avatar">
      <circle cx="16" cy="16" r="16" fill="var(--color-muted-bg)" />
      <circle cx="16" cy="12.5" r="5.5" fill="var(--color-muted)" />
      <path d="M6.5 27.5a10 10 0 0 1 19 0" fill="var(--color-muted)" />
    </svg>
  );
}

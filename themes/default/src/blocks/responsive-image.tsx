// SPEC §9: the device widths the image optimizer serves, and its default quality (the kernel's).
import { IMAGE_QUALITY, IMAGE_WIDTHS } from '@lectern/sdk/site';
import { useBlockContext } from './block-context.js';
import { mediaSource } from './media-source.js';

export { IMAGE_QUALITY, IMAGE_WIDTHS };
/** The width browsers that ignore srcset get: large enough for a full-width desktop layout. */
const FALLBACK_WIDTH = 1920;

/** The optimizer URL for a storage image (a storage path or a same-site public storage URL). */
export function imageUrl(src: string, width: number, quality: number = IMAGE_QUALITY): string {
  return `/_image?url=${encodeURIComponent(src)}&w=${width}&q=${quality}`;
}

export interface ResponsiveImageProps {
  src: unknown;
  alt: string;
  /** How wide the image is drawn, so the browser picks a width from srcset. */
  sizes?: string;
  width?: number;
  height?: number;
  /** Above the fold: load at once with high priority instead of lazily. */
  priority?: boolean;
  className?: string;
}

/**
 * An <img> that lets the browser choose a size: images in the account's storage go through the
 * image optimizer at every device width; images hosted elsewhere are used as given. Draws
 * nothing when the source is missing or unsafe.
 */
export function ResponsiveImage({ src, alt, sizes = '100vw', width, height, priority = false, className }: ResponsiveImageProps) {
  const { storageUrl } = useBlockContext();
  const source = mediaSource(src, storageUrl);
  if (source === null) return null;
  const key = source.storageKey;
  return (
    <img
      src={key === null ? source.src : imageUrl(key, FALLBACK_WIDTH)}
      srcSet={key === null ? undefined : IMAGE_WIDTHS.map((w) => `${imageUrl(key, w)} ${w}w`).join(', ')}
      sizes={key === null ? undefined : sizes}
      alt={alt}
      width={width}
      height={height}
      className={className}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
    />
  );
}

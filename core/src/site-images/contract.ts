/**
 * GET /_image?url=…&w=…&q=… (SPEC §9: device widths 640–3840, default quality 75): a public image
 * of the site's storage, resized to a device width and re-encoded for the browser. Themes build
 * `src`/`srcset` with imageSrc and imageSrcSet; nothing here touches the server, so browser
 * bundles may import it.
 */

/** SPEC §9: the only widths the optimizer renders (anything else is refused, so caches stay small). */
export const IMAGE_WIDTHS = [640, 750, 828, 1080, 1200, 1920, 2048, 3840] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];
/** SPEC §9: default quality (1–100). */
export const IMAGE_QUALITY = 75;
/** The optimizer's path on every site. */
export const IMAGE_PATH = '/_image';

/**
 * The optimizer URL of an image at one width. `url` is a public storage URL of this site
 * (/storage/v1/object/public/<bucket>/<path>) or a storage path (<bucket>/<path>).
 */
export function imageSrc(url: string, width: ImageWidth, quality: number = IMAGE_QUALITY): string {
  const q = quality === IMAGE_QUALITY ? '' : `&q=${Math.round(quality)}`;
  return `${IMAGE_PATH}?url=${encodeURIComponent(url)}&w=${width}${q}`;
}

/** A `srcset` over the device widths up to `maxWidth` (the image's own width, when known, avoids useless entries). */
export function imageSrcSet(url: string, maxWidth: number = Math.max(...IMAGE_WIDTHS), quality: number = IMAGE_QUALITY): string {
  const widths = IMAGE_WIDTHS.filter((w, i) => w <= maxWidth || i === 0);
  return widths.map((w) => `${imageSrc(url, w, quality)} ${w}w`).join(', ');
}

/** True for a URL the optimizer takes: this site's public storage URLs and storage paths, not other hosts. */
export function isOptimizable(url: string): boolean {
  if (url.startsWith('/storage/v1/object/public/')) return true;
  return /^[a-z0-9][a-z0-9_-]{0,62}\/[^:]+$/.test(url);
}

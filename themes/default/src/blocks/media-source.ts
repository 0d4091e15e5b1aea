import { safeUrl } from './safe-url.js';

/** Where storage's public objects are served on every site (core's storage routes). */
export const PUBLIC_STORAGE_PATH = '/storage/v1/object/public';

/** 'media/photo.png': a bucket and an object path, as the media library stores picks. */
const STORAGE_PATH = /^[A-Za-z0-9_-][A-Za-z0-9._-]*\/[^\\]+$/;

function isStoragePath(value: string): boolean {
  if (!STORAGE_PATH.test(value)) return false;
  return !value
    .split(/[?#]/, 1)[0]!
    .split('/')
    .some((segment) => segment === '..' || segment === '.');
}

export interface MediaSource {
  /** What goes in the src attribute (already through safeUrl). */
  src: string;
  /**
   * What the image optimizer's `url` parameter takes for it: a storage path ('media/x.png') or a
   * same-site public storage URL ('/storage/v1/object/public/media/x.png'); null for media hosted
   * elsewhere, which the optimizer will not fetch.
   */
  storageKey: string | null;
}

/**
 * Resolves a media prop: a storage path against the account's storage URL, a public storage URL
 * of this site as a storage object, anything else as an external URL through safeUrl. Null when
 * there is nothing safe to show.
 */
export function mediaSource(value: unknown, storageUrl: string): MediaSource | null {
  if (typeof value !== 'string') return null;
  const raw = value.trim();
  if (raw === '') return null;
  const base = storageUrl.replace(/\/+$/, '');
  if (isStoragePath(raw)) {
    const src = safeUrl(`${base === '' ? PUBLIC_STORAGE_PATH : base}/${raw}`);
    return src === '#' ? null : { src, storageKey: raw };
  }
  const src = safeUrl(raw);
  if (src === '#') return null;
  // The optimizer takes the site-relative form; an absolute URL of this site's storage becomes the bucket path.
  if (src.startsWith(`${PUBLIC_STORAGE_PATH}/`)) {
    return { src, storageKey: isStoragePath(src.slice(PUBLIC_STORAGE_PATH.length + 1)) ? src : null };
  }
  if (base !== '' && src.startsWith(`${base}/`)) {
    const rest = src.slice(base.length + 1);
    return { src, storageKey: isStoragePath(rest) ? rest : null };
  }
  return { src, storageKey: null };
}

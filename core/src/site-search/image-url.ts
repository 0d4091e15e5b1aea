/** Where the site serves a public bucket's objects (SPEC §3: avatars/{userId}/avatar.jpg lives there). */
export const PUBLIC_STORAGE_PREFIX = '/storage/v1/object/public/';

/**
 * An image reference as stored (an http(s) URL, a site path, or a storage path "bucket/path") as
 * something an <img> may load; anything else (javascript:, data:, protocol-relative) is dropped.
 */
export function imageUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const src = value.trim();
  if (src === '') return null;
  if (/^https?:\/\//i.test(src)) return src;
  if (src.startsWith('/')) return src.startsWith('//') ? null : src;
  // A storage path: a bucket id, a slash, then the object's path; no scheme.
  return /^[a-z0-9][a-z0-9_-]{0,62}\/[^:]+$/.test(src) ? `${PUBLIC_STORAGE_PREFIX}${src}` : null;
}

/** A member's avatar: the one they set, else where their upload would be (may 404: themes fall back to the default avatar). */
export function avatarUrl(userId: string, stored: string | null): string {
  return imageUrl(stored) ?? `${PUBLIC_STORAGE_PREFIX}avatars/${encodeURIComponent(userId)}/avatar.jpg`;
}

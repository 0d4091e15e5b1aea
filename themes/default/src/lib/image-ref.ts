/**
 * Settings hold images as an http(s) URL or as a path in the account's public storage
 * ("bucket/dir/file.png", SPEC §3 logo, icon). Anything else is dropped rather than emitted.
 */
export function settingsImageUrl(ref: unknown, storageUrl: string): string | null {
  if (typeof ref !== 'string') return null;
  const value = ref.trim();
  if (value === '') return null;
  if (/^https?:\/\/[^\s<>"]+$/i.test(value)) return value;
  const path = value.replace(/^\/+/, '');
  if (!/^[A-Za-z0-9_][A-Za-z0-9._/-]*$/.test(path) || path.includes('..')) return null;
  return `${storageUrl.replace(/\/+$/, '')}/${path}`;
}

/** A link target from settings: a site path, an anchor, http(s) or mailto. Others become '#'. */
export function safeHref(value: unknown): string {
  if (typeof value !== 'string') return '#';
  const href = value.trim();
  if (href === '') return '#';
  if (/^(?:https?:\/\/|mailto:)[^\s<>"]+$/i.test(href)) return href;
  if (/^[/#]/.test(href) && !href.startsWith('//') && !/[\s<>"]/.test(href)) return href;
  return '#';
}

/** http(s) links to other hosts open with rel noopener. */
export function isExternal(href: string): boolean {
  return /^https?:\/\//i.test(href);
}

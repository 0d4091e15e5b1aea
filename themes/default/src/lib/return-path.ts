/**
 * Where a visitor goes after signing in. Only a path on this site may follow (`redirectedFrom`
 * comes from the URL, so anyone can craft it): a single leading '/', never '//' or '/\', which
 * browsers read as another host.
 */
export function safeReturnPath(value: string | null | undefined, fallback = '/dashboard'): string {
  if (typeof value !== 'string' || !value.startsWith('/')) return fallback;
  if (value.startsWith('//') || value.startsWith('/\\')) return fallback;
  // Control characters (a tab or newline inside "/\t/evil.com") are dropped by URL parsers.
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return fallback;
  }
  return value;
}

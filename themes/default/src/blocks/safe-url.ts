/** Browsers drop tabs and newlines inside URLs, so `java\tscript:` would still run: refuse any control character. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001F\u007F]/;
const ALLOWED_SCHEME = /^(https?:\/\/|mailto:|tel:)/i;

/**
 * The only URLs a block may put in an href or a src: http(s), mailto, tel, a path on this site
 * ('/x', never the protocol-relative '//x' or '/\x' that browsers read as another host) or an
 * anchor. Everything else — javascript:, data:, vbscript:, bare words — becomes '#'.
 */
export function safeUrl(url: unknown): string {
  if (typeof url !== 'string') return '#';
  const value = url.trim();
  if (value === '' || CONTROL.test(value)) return '#';
  if (value.startsWith('#')) return value;
  if (value.startsWith('/')) return value[1] === '/' || value[1] === '\\' ? '#' : value;
  if (!ALLOWED_SCHEME.test(value)) return '#';
  if (/^https?:/i.test(value)) {
    try {
      const parsed = new URL(value);
      if (parsed.hostname === '') return '#';
    } catch {
      return '#';
    }
  }
  return value;
}

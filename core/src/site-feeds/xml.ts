/** Small XML helpers for the site feeds: every text node and attribute goes through escapeXml. */

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

// XML 1.0 forbids most control characters and lone surrogates even as references, so a stray one
// pasted into a title would make the whole feed unreadable to crawlers: drop them instead.
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

/** Safe as element text and inside either kind of quoted attribute. */
export function escapeXml(text: string): string {
  return text.replace(NOT_XML_CHAR, '').replace(/[&<>"']/g, (c) => ENTITIES[c] as string);
}

function attributes(attrs: Record<string, string>): string {
  return Object.entries(attrs)
    .map(([name, value]) => ` ${name}="${escapeXml(value)}"`)
    .join('');
}

/** `<name attrs>text</name>` with the text and attribute values escaped. */
export function textElement(name: string, text: string, attrs: Record<string, string> = {}): string {
  return `<${name}${attributes(attrs)}>${escapeXml(text)}</${name}>`;
}

/** `<name attrs/>` with the attribute values escaped. */
export function emptyElement(name: string, attrs: Record<string, string>): string {
  return `<${name}${attributes(attrs)}/>`;
}

/** W3C datetime (what sitemaps expect), to the second in UTC. */
export function w3cDate(value: Date | string): string {
  return new Date(value).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** RFC 822 date (what RSS 2.0 expects), e.g. "Mon, 23 Nov 2026 00:47:24 GMT". */
export function rfc822Date(value: Date | string): string {
  return new Date(value).toUTCString();
}

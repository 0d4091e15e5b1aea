/**
 * A strict allow-list check of the HTML a theme injects as is (Puck props named `html` or `…Html`).
 * The plugin cannot use the kernel's sanitiser, so instead of rewriting HTML (where a regex
 * rewrite can be fooled) it refuses any HTML outside a small, harmless vocabulary: plain
 * formatting tags, a few attributes, and http(s)/mailto or relative links.
 */
const TAGS = new Set([
  'p',
  'br',
  'hr',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'sub',
  'sup',
  'small',
  'mark',
  'span',
  'div',
  'a',
  'img',
  'ul',
  'ol',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'code',
  'pre',
  'figure',
  'figcaption',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'caption',
]);
const ATTRIBUTES: Record<string, ReadonlySet<string>> = {
  a: new Set(['href', 'target', 'rel', 'title']),
  img: new Set(['src', 'alt', 'width', 'height', 'title']),
  th: new Set(['colspan', 'rowspan', 'scope']),
  td: new Set(['colspan', 'rowspan']),
};
const ANY_TAG = new Set(['class']);
const URL_ATTRIBUTES = new Set(['href', 'src']);

// A tag from "<" to ">" whose attribute part is parsed separately and must be consumed whole.
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)([^<>]*)>/y;
const ATTRIBUTE = /\s+([a-zA-Z][a-zA-Z0-9-]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/y;
const TAG_START = /<[a-zA-Z/!?]/g;

function decodeEntities(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(Math.min(parseInt(hex, 16), 0x10ffff)))
    .replace(/&#([0-9]+);?/g, (_, dec: string) => String.fromCodePoint(Math.min(parseInt(dec, 10), 0x10ffff)))
    .replace(/&amp;/gi, '&');
}

/** Spaces and control characters (C0, DEL, C1). */
function isInvisible(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return code <= 0x20 || (code >= 0x7f && code <= 0x9f);
}

function safeUrl(raw: string, tag: string): boolean {
  // Browsers drop whitespace and control characters inside a scheme ("java\tscript:").
  const url = [...decodeEntities(raw)].filter((c) => !isInvisible(c)).join('');
  const schemePart = url.split(/[/?#]/, 1)[0] ?? '';
  if (schemePart.includes('&')) return false; // a named entity such as &colon; could hide a scheme
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  if (scheme === undefined) return !url.startsWith('//');
  return tag === 'img' ? scheme === 'http' || scheme === 'https' : ['http', 'https', 'mailto'].includes(scheme);
}

function safeAttributes(tag: string, text: string): boolean {
  const allowed = ATTRIBUTES[tag];
  let index = 0;
  const rest = text.replace(/\s*\/?\s*$/, '');
  while (index < rest.length) {
    ATTRIBUTE.lastIndex = index;
    const match = ATTRIBUTE.exec(rest);
    if (match === null) return false;
    const name = (match[1] ?? '').toLowerCase();
    if (!ANY_TAG.has(name) && !(allowed?.has(name) ?? false)) return false;
    const value = match[2] ?? match[3] ?? match[4] ?? '';
    if (URL_ATTRIBUTES.has(name) && !safeUrl(value, tag)) return false;
    index = ATTRIBUTE.lastIndex;
  }
  return true;
}

/** True when every tag in the HTML is an allowed tag with allowed attributes and safe links. */
export function isSafeHtml(html: string): boolean {
  for (const start of html.matchAll(TAG_START)) {
    TAG.lastIndex = start.index;
    const tag = TAG.exec(html);
    if (tag === null) return false; // comments, doctypes, unclosed tags: not needed in rich text
    const name = (tag[2] ?? '').toLowerCase();
    if (!TAGS.has(name)) return false;
    if (tag[1] === '/' ? (tag[3] ?? '').trim() !== '' : !safeAttributes(name, tag[3] ?? '')) return false;
  }
  return true;
}

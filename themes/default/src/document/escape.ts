const HTML: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text or attribute value for HTML we write by hand (everything React does not render). */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML[c] ?? c);
}

/**
 * JSON inside <script type="application/json">: `<`, `>` and `&` become \u escapes, so
 * `</script>` and `<!--` cannot end or change the element, and U+2028/2029 are escaped as well
 * (older JavaScript parsers treat them as line ends). JSON.parse reads the escapes back unchanged.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

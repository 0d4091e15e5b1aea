/** Values substituted for `{{token}}` placeholders. */
export type TemplateTokens = Record<string, string | number | boolean | null | undefined>;

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}/g;

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

function valueOf(tokens: TemplateTokens, name: string): string {
  const value = tokens[name];
  return value === undefined || value === null ? '' : String(value);
}

/** Fills an HTML template: every token value is HTML-escaped; unknown tokens become empty. */
export function renderHtml(template: string, tokens: TemplateTokens): string {
  return template.replace(PLACEHOLDER, (_, name: string) => escapeHtml(valueOf(tokens, name)));
}

/** Fills a one-line plain-text template (a subject): no escaping, line breaks folded to spaces. */
export function renderLine(template: string, tokens: TemplateTokens): string {
  return template
    .replace(PLACEHOLDER, (_, name: string) => valueOf(tokens, name))
    .replace(/[\r\n]+/g, ' ')
    .trim();
}

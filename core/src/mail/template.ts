/** Placeholders look like {{name}} (spaces inside the braces allowed); unknown ones are left as they are. */
const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}/g;

export type Tokens = Record<string, string | number | boolean | null>;

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] as string);
}

/** Replaces {{token}} placeholders; `html` escapes the values (the template itself is trusted markup). */
export function renderTemplate(template: string, tokens: Tokens, mode: 'text' | 'html'): string {
  return template.replace(PLACEHOLDER, (whole, key: string) => {
    if (!Object.hasOwn(tokens, key)) return whole;
    const value = tokens[key];
    const text = value === null || value === undefined ? '' : String(value);
    return mode === 'html' ? escapeHtml(text) : text;
  });
}

/** A subject is one line: placeholders filled and line breaks (header injection) flattened. */
export function renderSubject(template: string, tokens: Tokens): string {
  return renderTemplate(template, tokens, 'text')
    .replace(/[\r\n]+/g, ' ')
    .trim();
}

/**
 * The site's font choice. Server-safe (no CSS imports): the shell asks `fontFor(theme.fontFamily)`
 * for the CSS stack to put in its variables and the Vite manifest key of the family's stylesheet
 * to link; each family's CSS lives in entries/<id>.css, a separate Vite entry, so a page loads
 * only the family the site uses.
 */
import { FONT_FAMILIES, SYSTEM_FONT_STACK, type FontFamily } from './font-families.js';

export { FONT_FAMILIES, SYSTEM_FONT_STACK, type FontFamily };

export interface FontChoice {
  stack: string;
  /** Vite manifest key of the family's CSS entry, or null for the system stack (nothing to load). */
  entry: string | null;
}

const normalise = (value: string) =>
  value
    .trim()
    .replace(/^['"]|['"]$/g, '')
    .toLowerCase();

function find(name: string): FontFamily | undefined {
  const wanted = normalise(name);
  return FONT_FAMILIES.find((family) => family.id === wanted || family.label.toLowerCase() === wanted);
}

/**
 * The family for a stored theme setting: its id or its label in any case ('inter', 'Open Sans'),
 * or a stack that starts with one ('Inter, sans-serif', as the settings screen suggests). Anything
 * else gets the system stack.
 */
export function fontFor(value: unknown): FontChoice {
  if (typeof value !== 'string') return { stack: SYSTEM_FONT_STACK, entry: null };
  const family = find(value) ?? find(value.split(',', 1)[0] ?? '');
  return family === undefined ? { stack: SYSTEM_FONT_STACK, entry: null } : { stack: family.stack, entry: `src/fonts/entries/${family.id}.css` };
}

import { fileURLToPath } from 'node:url';
import type * as Prettier from 'prettier';

/**
 * Formats a generated TypeScript file with Lectern's Prettier settings (those of the repository the
 * scaffolder sits in), so a long plugin name or description never leaves a line the format check
 * refuses. Without Prettier installed the text is written as the templates made it.
 */
export async function formatSource(file: string, text: string): Promise<string> {
  if (!/\.tsx?$/.test(file)) return text;
  let prettier: typeof Prettier;
  try {
    prettier = await import('prettier');
  } catch {
    return text;
  }
  const options = await prettier.resolveConfig(fileURLToPath(import.meta.url));
  return prettier.format(text, { ...options, filepath: file });
}

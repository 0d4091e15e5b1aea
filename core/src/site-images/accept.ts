/** Output formats the optimizer writes. */
export type OutputFormat = 'avif' | 'webp' | 'jpeg' | 'png';

/** Media types the client takes with a non-zero weight (parameters other than q are ignored). */
function acceptedTypes(accept: string | undefined): Set<string> {
  const types = new Set<string>();
  if (accept === undefined) return types;
  for (const part of accept.split(',').slice(0, 64)) {
    const [type, ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    if (type === undefined || type === '') continue;
    const q = params.find((p) => p.startsWith('q='));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    types.add(type);
  }
  return types;
}

/**
 * The smallest format the browser says it reads (AVIF, then WebP), else the original's. Only
 * explicit mentions count: a wildcard type does not promise AVIF support.
 */
export function negotiateFormat(accept: string | undefined, original: OutputFormat): OutputFormat {
  const types = acceptedTypes(accept);
  if (types.has('image/avif')) return 'avif';
  if (types.has('image/webp')) return 'webp';
  return original;
}

export const MIME_OF: Record<OutputFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

export interface JsonBounds {
  /** Deepest nesting allowed: a scalar is depth 0, `{}` or `[]` depth 1, `{"a": {}}` depth 2. */
  maxDepth: number;
  /** Largest size allowed, in bytes of the value's compact JSON (UTF-8). */
  maxBytes: number;
}

/**
 * Free-form metadata a user attaches (sign-in's user_metadata and app_metadata, a stored object's
 * metadata): it goes into every access token and user object, or every object listing, so it is
 * kept small and shallow; 8 levels and 16 KB leave ample room for profile data.
 */
export const METADATA_BOUNDS: Readonly<JsonBounds> = { maxDepth: 8, maxBytes: 16 * 1024 };

/**
 * Checks that a parsed JSON value stays within a nesting depth and a serialised size, before the
 * server stores or signs it. Returns what is wrong, or null when the value fits.
 *
 * It walks the value with its own stack (never recursion), and stops as soon as a bound is
 * passed, so a body nested a hundred thousand levels deep is refused without exhausting the call
 * stack. The size is the length of `JSON.stringify(value)` in UTF-8, counted without building it.
 */
export function checkJsonBounds(value: unknown, bounds: JsonBounds): string | null {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  let bytes = 0;
  const tooBig = () => `is larger than ${bounds.maxBytes} bytes`;
  while (stack.length > 0) {
    const item = stack.pop() as { value: unknown; depth: number };
    const current = item.value;
    if (current !== null && typeof current === 'object') {
      const depth = item.depth + 1;
      if (depth > bounds.maxDepth) return `is nested deeper than ${bounds.maxDepth} levels`;
      if (Array.isArray(current)) {
        // Brackets, and a comma between items.
        bytes += 2 + Math.max(0, current.length - 1);
        if (bytes > bounds.maxBytes) return tooBig();
        for (const element of current) stack.push({ value: element === undefined ? null : element, depth });
      } else {
        const entries = Object.entries(current).filter(([, v]) => v !== undefined && typeof v !== 'function');
        bytes += 2 + Math.max(0, entries.length - 1);
        for (const [key, child] of entries) {
          // "key": — the quoted key and the colon.
          bytes += Buffer.byteLength(JSON.stringify(key)) + 1;
          if (bytes > bounds.maxBytes) return tooBig();
          stack.push({ value: child, depth });
        }
      }
    } else {
      bytes += scalarBytes(current);
    }
    if (bytes > bounds.maxBytes) return tooBig();
  }
  return null;
}

function scalarBytes(value: unknown): number {
  if (typeof value === 'string') return Buffer.byteLength(JSON.stringify(value));
  if (typeof value === 'number') return Number.isFinite(value) ? String(value).length : 4;
  if (typeof value === 'boolean') return value ? 4 : 5;
  // null, and what JSON writes as null inside arrays.
  return 4;
}

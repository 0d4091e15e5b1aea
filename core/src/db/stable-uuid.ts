import { createHash } from 'node:crypto';

/**
 * A UUID derived from `key` (its SHA-256, with the version and variant digits of a name-based
 * UUID): the same key always gives the same id, so an id can be computed again instead of stored.
 */
export function stableUuid(key: string): string {
  const hex = createHash('sha256').update(key).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

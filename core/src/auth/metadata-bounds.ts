import { checkJsonBounds } from '../http/json-bounds.js';
import { authErrors } from './auth-error.js';

/**
 * How deep and how large user_metadata and app_metadata may be. Both go into every access token
 * and every user object, so an unbounded value would make each later token mint fail (or carry
 * megabytes); 8 levels and 16 KB leave ample room for profile data.
 */
export const METADATA_BOUNDS = { maxDepth: 8, maxBytes: 16 * 1024 } as const;

/** Refuses metadata past the bounds with GoTrue's 400 validation_failed, naming the field. */
export function assertMetadataBounds(value: unknown, field: 'data' | 'user_metadata' | 'app_metadata'): void {
  if (value === undefined || value === null) return;
  const problem = checkJsonBounds(value, METADATA_BOUNDS);
  if (problem !== null) throw authErrors.validation(`${field} ${problem}`);
}

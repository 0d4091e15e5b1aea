import { checkJsonBounds, METADATA_BOUNDS } from '../http/json-bounds.js';
import { authErrors } from './auth-error.js';

/** Refuses user_metadata or app_metadata past METADATA_BOUNDS with GoTrue's 400 validation_failed, naming the field. */
export function assertMetadataBounds(value: unknown, field: 'data' | 'user_metadata' | 'app_metadata'): void {
  if (value === undefined || value === null) return;
  const problem = checkJsonBounds(value, METADATA_BOUNDS);
  if (problem !== null) throw authErrors.validation(`${field} ${problem}`);
}

/** User and app metadata as tokens and user objects carry them. */
export interface PresentedMetadata {
  user_metadata: Record<string, unknown>;
  app_metadata: Record<string, unknown>;
  /** The fields left out because the stored value is past the bounds (for a warning in the log). */
  dropped: Array<'user_metadata' | 'app_metadata'>;
}

/**
 * The user's metadata as tokens and user objects carry it. A value stored before the bounds
 * existed (thousands of levels deep, say) would make every token mint fail, so it is left out:
 * user_metadata becomes {}, app_metadata keeps only its provider and providers (which sign-in
 * set) when those are plain strings. The stored value is not touched; the user's next metadata
 * update starts from the empty value (see PUT /user).
 */
export function presentedMetadata(user: { user_metadata: unknown; app_metadata: unknown }): PresentedMetadata {
  const dropped: PresentedMetadata['dropped'] = [];
  const within = (value: unknown, field: 'user_metadata' | 'app_metadata'): Record<string, unknown> | undefined => {
    const object = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
    if (checkJsonBounds(object, METADATA_BOUNDS) === null) return object;
    dropped.push(field);
    return undefined;
  };
  const userMetadata = within(user.user_metadata, 'user_metadata') ?? {};
  const appMetadata = within(user.app_metadata, 'app_metadata') ?? providersOnly(user.app_metadata as Record<string, unknown>);
  return { user_metadata: userMetadata, app_metadata: appMetadata, dropped };
}

/** The provider fields of an over-size app_metadata, when they are what sign-in writes there. */
function providersOnly(appMetadata: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  const { provider, providers } = appMetadata;
  if (typeof provider === 'string' && provider.length <= 64) kept.provider = provider;
  if (Array.isArray(providers) && providers.length <= 32 && providers.every((p) => typeof p === 'string' && p.length <= 64)) kept.providers = providers;
  return kept;
}

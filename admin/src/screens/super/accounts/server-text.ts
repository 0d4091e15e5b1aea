import { ApiError } from '../../../api/errors';
import { errorText } from '../../../ui/states';

/** The server's error code translated in this namespace when known (platform.errors.<code>), else the shared text. */
export function serverText(t: (key: string, options?: Record<string, unknown>) => string, failure: unknown): string {
  if (failure instanceof ApiError) return t(`platform.errors.${failure.code}`, { defaultValue: errorText(t, failure) });
  return errorText(t, failure);
}

import { ApiError } from '../api/errors';
import { ERROR_NAMESPACES } from './i18n';

/**
 * The error as the member reads it: the translation of the server's message key, else the
 * dashboard's own text for the code (errors.<code>: answers the client makes up, such as
 * undefined_data), else the server's English message.
 */
export function errorText(t: (key: string, options?: Record<string, unknown>) => string, error: unknown): string {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  const byCode = t(`errors.${error.code}`, { ns: 'common', defaultValue: error.message });
  return error.messageKey === null ? byCode : t(error.messageKey, { ns: ERROR_NAMESPACES, defaultValue: byCode });
}

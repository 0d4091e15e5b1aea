import { createHash } from 'node:crypto';

/**
 * A job id (a UUID, as the queue wants) derived from `key`: enqueueing under the same key twice
 * adds one job. Plugins key a job by what makes it unique (an account, a record, a due time).
 */
export function jobIdFor(key: string): string {
  const hex = createHash('sha256').update(key).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

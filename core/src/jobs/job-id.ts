import { stableUuid } from '../db/stable-uuid.js';

/**
 * A job id (a UUID, as the queue wants) derived from `key`: enqueueing under the same key twice
 * adds one job. Plugins key a job by what makes it unique (an account, a record, a due time).
 */
export function jobIdFor(key: string): string {
  return stableUuid(key);
}

import pg from 'pg';

type Query = (...args: unknown[]) => unknown;

/**
 * Counts the rows the kernel (running in this process) reads from `storage_objects` while `work`
 * runs: every database call goes through node-postgres's Client#query (PostgreSQL and the
 * embedded PGlite alike), which is wrapped to add up the rows its answers carry. It observes the
 * real queries; nothing is answered in their place. For checking that a listing page reads a
 * page's worth of rows, not the whole folder.
 */
export async function storageRowsRead<T>(work: () => Promise<T>): Promise<{ result: T; rows: number }> {
  const prototype = pg.Client.prototype as unknown as { query: Query };
  const original = prototype.query;
  let rows = 0;
  prototype.query = function counted(this: unknown, ...args: unknown[]) {
    const answer = original.apply(this, args);
    const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: unknown } | undefined)?.text;
    if (typeof text !== 'string' || !text.includes('storage_objects') || !(answer instanceof Promise)) return answer;
    return answer.then((result: { rows?: unknown }) => {
      if (Array.isArray(result.rows)) rows += result.rows.length;
      return result;
    });
  };
  try {
    return { result: await work(), rows };
  } finally {
    prototype.query = original;
  }
}

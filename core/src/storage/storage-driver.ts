/**
 * Where file bytes live. Keys are `<account_id>/<bucket>/<path>` (already validated: no `..`, no
 * absolute paths), so every account's files sit under a folder of its own.
 */
export interface StorageDriver {
  /** Stores the bytes under the key, replacing what was there; readers never see a partial file. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes under the key, or null when there are none. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the keys; missing ones are fine. */
  delete(keys: string[]): Promise<void>;
  /** Removes every key starting with the prefix (a bucket being emptied or deleted). */
  deletePrefix(prefix: string): Promise<void>;
}

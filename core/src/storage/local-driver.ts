import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { StorageDriver } from './storage-driver.js';

/**
 * Files on the local disk under one root folder. Writes go to a temporary file in the same
 * folder and are renamed into place, so a reader sees the old or the new file, never half of one.
 */
export class LocalDriver implements StorageDriver {
  constructor(private readonly root: string) {}

  async put(key: string, bytes: Buffer): Promise<void> {
    const file = this.resolve(key);
    await mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temp, bytes);
      await rename(temp, file);
    } catch (error) {
      await unlink(temp).catch(() => undefined);
      throw error;
    }
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.resolve(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'EISDIR') return null;
      throw error;
    }
  }

  async delete(keys: string[]): Promise<void> {
    await Promise.all(keys.map((key) => rm(this.resolve(key), { force: true })));
  }

  async deletePrefix(prefix: string): Promise<void> {
    await rm(this.resolve(prefix.replace(/\/+$/, '')), { recursive: true, force: true });
  }

  /** Keys are validated upstream; this is the last line of defence against leaving the root. */
  private resolve(key: string): string {
    const file = path.resolve(this.root, key);
    if (!file.startsWith(`${path.resolve(this.root)}${path.sep}`)) throw new Error(`storage key escapes the storage folder: ${key}`);
    return file;
  }
}

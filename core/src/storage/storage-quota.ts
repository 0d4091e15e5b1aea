import { sql } from 'kysely';
import type { AnyDb } from '../db/database.js';
import { findPlan } from '../plans/catalogue.js';
import type { FileKind } from './file-types.js';
import { StorageErrors, storageError } from './storage-errors.js';

const MB = 1024 * 1024;

/**
 * Refuses an upload that would take the account past its plan's storage limits (SPEC §9,
 * limits.storage {images, videos, storage} in MB): images and videos count against their own
 * limit and everything against the total. Usage is summed from the objects table, so it is
 * always what is actually stored; `replacing` is the size of an object being overwritten.
 * An unknown plan has limit 0 (SPEC §6), so nothing can be stored.
 */
export async function checkQuota(db: AnyDb, plan: string, kind: FileKind, size: number, replacing: { size: number; kind: FileKind } | null): Promise<void> {
  const limits = findPlan(plan)?.limits.storage ?? { images: 0, videos: 0, storage: 0 };
  const row = await sql<{ total: string | null; images: string | null; videos: string | null }>`
    SELECT sum(size) AS total,
           sum(size) FILTER (WHERE mimetype LIKE 'image/%') AS images,
           sum(size) FILTER (WHERE mimetype LIKE 'video/%') AS videos
      FROM storage_objects`.execute(db);
  const usage = row.rows[0] ?? { total: null, images: null, videos: null };
  const minus = (k: FileKind | 'all') => (replacing !== null && (k === 'all' || replacing.kind === k) ? replacing.size : 0);
  const total = Number(usage.total ?? 0) - minus('all') + size;
  if (total > limits.storage * MB) {
    throw storageError(StorageErrors.quotaExceeded, `This upload would use ${mb(total)} MB of the plan's ${limits.storage} MB of storage`);
  }
  if (kind === 'image') {
    const images = Number(usage.images ?? 0) - minus('image') + size;
    if (images > limits.images * MB)
      throw storageError(StorageErrors.quotaExceeded, `This upload would use ${mb(images)} MB of the plan's ${limits.images} MB for images`);
  }
  if (kind === 'video') {
    const videos = Number(usage.videos ?? 0) - minus('video') + size;
    if (videos > limits.videos * MB)
      throw storageError(StorageErrors.quotaExceeded, `This upload would use ${mb(videos)} MB of the plan's ${limits.videos} MB for videos`);
  }
}

export function kindOfMime(mimetype: string): FileKind {
  return mimetype.startsWith('image/') ? 'image' : mimetype.startsWith('video/') ? 'video' : 'other';
}

const mb = (bytes: number) => (bytes / MB).toFixed(1);

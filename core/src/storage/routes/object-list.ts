import type { AnyDb } from '../../db/database.js';
import { StorageErrors, storageError } from '../storage-errors.js';
import { iso, type ObjectRow } from '../storage-rows.js';

export interface ListOptions {
  prefix: string;
  limit: number;
  offset: number;
  sortBy: { column: 'name' | 'created_at' | 'updated_at' | 'last_accessed_at'; order: 'asc' | 'desc' };
  search?: string;
  /** Which full keys the caller may see (access-rules.ts visibleKeys); all when absent. */
  visible?: (key: string) => boolean;
}

export interface ListEntry {
  name: string;
  id: string | null;
  created_at: string | null;
  updated_at: string | null;
  last_accessed_at: string | null;
  metadata: Record<string, unknown> | null;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * storage-js's list(): the direct children of a folder, names relative to it, sub-folders as
 * entries with null id and metadata; search matches the start of names, case-insensitively
 * (as supabase/storage's ILIKE prefix || search || '%'). Names compare by code point like
 * supabase's COLLATE "C".
 */
export async function listFolder(db: AnyDb, bucket: string, options: ListOptions): Promise<ListEntry[]> {
  const base = options.prefix === '' ? '' : `${options.prefix}/`;
  const rows = (await db
    .selectFrom('storage_objects')
    .selectAll()
    .where('bucket_id', '=', bucket)
    .where('name', 'like', `${escapeLike(base)}%`)
    .execute()) as ObjectRow[];
  const entries = new Map<string, ListEntry>();
  for (const row of rows) {
    if (options.visible !== undefined && !options.visible(row.name)) continue;
    const rest = row.name.slice(base.length);
    const slash = rest.indexOf('/');
    if (slash >= 0) {
      const folder = rest.slice(0, slash);
      if (!entries.has(folder)) entries.set(folder, { name: folder, id: null, created_at: null, updated_at: null, last_accessed_at: null, metadata: null });
      continue;
    }
    entries.set(rest, toEntry(rest, row));
  }
  const search = options.search?.toLowerCase() ?? '';
  const { column, order } = options.sortBy;
  const sign = order === 'desc' ? -1 : 1;
  const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...entries.values()]
    .filter((e) => search === '' || e.name.toLowerCase().startsWith(search))
    .sort((a, b) => sign * (column === 'name' ? compare(a.name, b.name) : compare(a[column] ?? '', b[column] ?? '') || compare(a.name, b.name)))
    .slice(options.offset, options.offset + options.limit);
}

export function toEntry(name: string, row: ObjectRow): ListEntry {
  return {
    name,
    id: row.id,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    last_accessed_at: iso(row.last_accessed_at),
    metadata: objectMetadata(row),
  };
}

/** The metadata block supabase/storage keeps for every object. */
export function objectMetadata(row: ObjectRow): Record<string, unknown> {
  return {
    eTag: row.etag,
    size: Number(row.size),
    mimetype: row.mimetype,
    cacheControl: row.cache_control,
    lastModified: iso(row.updated_at),
    contentLength: Number(row.size),
    httpStatusCode: 200,
  };
}

export interface ListV2Options {
  /** A key prefix (not necessarily a whole folder): "reports/20" matches "reports/2026/…". */
  prefix: string;
  limit: number;
  /** The nextCursor of the previous page. */
  cursor?: string;
  /** Fold keys below the next "/" into folder entries, as S3's delimiter does. */
  withDelimiter: boolean;
  sortBy: { column: 'name' | 'updated_at' | 'created_at'; order: 'asc' | 'desc' };
  visible?: (key: string) => boolean;
}

export interface ListV2Result {
  hasNext: boolean;
  nextCursor?: string;
  folders: Array<{ name: string; key: string }>;
  objects: Array<ListEntry & { key: string }>;
}

interface V2Entry {
  key: string;
  /** The sort column's value ('' for folders, which have no dates). */
  value: string;
  object: (ListEntry & { key: string }) | null;
}

/**
 * storage-js's listV2(): every object whose key starts with the prefix (full keys as names), or
 * with the delimiter the direct children, folders as `{name, key}` ending in "/". Pages are cut
 * by an opaque cursor naming the last entry's sort value and key, so objects added meanwhile
 * neither repeat nor shift a page.
 */
export async function listObjectsV2(db: AnyDb, bucket: string, options: ListV2Options): Promise<ListV2Result> {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(options.prefix)) throw storageError(StorageErrors.invalidKey, 'Invalid key: the prefix must not contain control characters');
  const after = options.cursor === undefined || options.cursor === '' ? null : decodeCursor(options.cursor);
  const rows = (await db
    .selectFrom('storage_objects')
    .selectAll()
    .where('bucket_id', '=', bucket)
    .where('name', 'like', `${escapeLike(options.prefix)}%`)
    .execute()) as ObjectRow[];
  const { column, order } = options.sortBy;
  const entries = new Map<string, V2Entry>();
  for (const row of rows) {
    if (options.visible !== undefined && !options.visible(row.name)) continue;
    const slash = options.withDelimiter ? row.name.indexOf('/', options.prefix.length) : -1;
    if (slash >= 0) {
      const key = row.name.slice(0, slash + 1);
      if (!entries.has(key)) entries.set(key, { key, value: '', object: null });
      continue;
    }
    const object = { ...toEntry(row.name, row), key: row.name };
    entries.set(row.name, { key: row.name, value: column === 'name' ? row.name : (object[column] ?? ''), object });
  }
  const sign = order === 'desc' ? -1 : 1;
  const compare = (a: { value: string; key: string }, b: { value: string; key: string }) => sign * (byCodePoint(a.value, b.value) || byCodePoint(a.key, b.key));
  const sorted = [...entries.values()].sort(compare).filter((entry) => after === null || compare(entry, after) > 0);
  const page = sorted.slice(0, options.limit);
  const last = page[page.length - 1];
  const hasNext = sorted.length > page.length;
  return {
    hasNext,
    ...(hasNext && last !== undefined ? { nextCursor: encodeCursor(last) } : {}),
    folders: page.filter((e) => e.object === null).map((e) => ({ name: e.key, key: e.key })),
    objects: page.flatMap((e) => (e.object === null ? [] : [e.object])),
  };
}

const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function encodeCursor(entry: { value: string; key: string }): string {
  return Buffer.from(JSON.stringify([entry.value, entry.key]), 'utf8').toString('base64url');
}

function decodeCursor(cursor: string): { value: string; key: string } {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 2 && typeof parsed[0] === 'string' && typeof parsed[1] === 'string') return { value: parsed[0], key: parsed[1] };
  } catch {
    // answered below
  }
  throw storageError(StorageErrors.invalidUpload, 'The cursor is not one this server gave');
}

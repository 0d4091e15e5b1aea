import type { AnyDb } from '../../db/database.js';
import { iso, type ObjectRow } from '../storage-rows.js';

export interface ListOptions {
  prefix: string;
  limit: number;
  offset: number;
  sortBy: { column: 'name' | 'created_at' | 'updated_at' | 'last_accessed_at'; order: 'asc' | 'desc' };
  search?: string;
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

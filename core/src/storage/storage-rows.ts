/** Rows of storage_buckets and storage_objects as read back from the database. */
export interface BucketRow {
  account_id: string;
  id: string;
  name: string;
  public: boolean;
  /** Bytes; bigint columns arrive as strings from pg. */
  file_size_limit: string | number | null;
  allowed_mime_types: string[] | null;
  created_at: Date;
  updated_at: Date;
}

export interface ObjectRow {
  account_id: string;
  bucket_id: string;
  name: string;
  id: string;
  size: string | number;
  mimetype: string;
  etag: string;
  cache_control: string;
  metadata: Record<string, unknown> | null;
  variants: number[];
  owner: string | null;
  created_at: Date;
  updated_at: Date;
  last_accessed_at: Date;
}

/**
 * Buckets every account has, created on first use: avatars (public, SPEC §3), texts (private, SPEC
 * §7), media (public) and private (the site's managers only).
 */
export const SYSTEM_BUCKETS: Record<string, { public: boolean }> = {
  avatars: { public: true },
  texts: { public: false },
  // The media library (SPEC §2 manage areas): images and files that pages, posts and blocks show to visitors.
  media: { public: true },
  // Files people hand the site that only its managers may open (a form's uploads): see access-rules.ts.
  private: { public: false },
};

/** Buckets only members with manage_options read, list or write (other members get 403, as visitors do). */
export const MANAGERS_ONLY_BUCKETS: ReadonlySet<string> = new Set(['private']);

/** A stored date as ISO 8601; null stays null (a date that is always set gives a string). */
export function iso(value: Date | string): string;
export function iso(value: Date | string | null): string | null;
export function iso(value: Date | string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

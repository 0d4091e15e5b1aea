import { sql, type Kysely, type Migration } from 'kysely';
import { createTenantTable } from '../tenant-table.js';

const now = sql`now()`;

/**
 * File storage (Supabase's storage protocol): buckets and the objects in them. Bytes live in a
 * storage driver (local disk or S3); these rows are the index the API lists, sizes quotas by and
 * checks permissions against. Both lead their keys with account_id, like every tenant table.
 */
export const storage: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await createTenantTable(db, 'storage_buckets', (t) =>
      t
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('public', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('file_size_limit', 'bigint')
        .addColumn('allowed_mime_types', sql`text[]`)
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
        .addPrimaryKeyConstraint('storage_buckets_pkey', ['account_id', 'id']),
    );

    await createTenantTable(db, 'storage_objects', (t) =>
      t
        .addColumn('bucket_id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('id', 'uuid', (c) => c.notNull().defaultTo(sql`gen_random_uuid()`))
        .addColumn('size', 'bigint', (c) => c.notNull())
        .addColumn('mimetype', 'text', (c) => c.notNull())
        .addColumn('etag', 'text', (c) => c.notNull())
        .addColumn('cache_control', 'text', (c) => c.notNull().defaultTo('max-age=3600'))
        .addColumn('metadata', 'jsonb')
        // Widths of the resized copies generated for images (filled in after the upload).
        .addColumn('variants', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
        .addColumn('owner', 'uuid')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
        .addColumn('last_accessed_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
        .addPrimaryKeyConstraint('storage_objects_pkey', ['account_id', 'bucket_id', 'name'])
        .addForeignKeyConstraint('storage_objects_bucket_fkey', ['account_id', 'bucket_id'], 'storage_buckets', ['account_id', 'id'], (fk) =>
          fk.onDelete('cascade'),
        ),
    );
    await sql`CREATE UNIQUE INDEX storage_objects_id_idx ON storage_objects (account_id, id)`.execute(db);
    // Listing walks names by prefix; text_pattern_ops lets LIKE 'prefix%' use the index.
    await sql`CREATE INDEX storage_objects_prefix_idx ON storage_objects (account_id, bucket_id, name text_pattern_ops)`.execute(db);
  },
};

import { sql, type Kysely, type Migration } from 'kysely';
import { createTenantTable } from '../tenant-table.js';

const now = sql`now()`;
const uuid = sql`gen_random_uuid()`;
const SLUG_CHECK = (column: string) => sql`${sql.ref(column)} ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND char_length(${sql.ref(column)}) <= 200`;

/**
 * Site content (SPEC §3 Post, Page, Term relationship; DESIGN §5): pages and posts are Puck
 * documents with their revisions, and categories and tags are terms linked to objects. Term
 * relationships name any object (courses use them too), so they carry no key to content_items.
 */
export const content: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await createTenantTable(db, 'content_items', (t) =>
      t
        .addColumn('id', 'uuid', (c) => c.notNull().defaultTo(uuid))
        .addColumn('type', 'text', (c) => c.notNull().check(sql`type IN ('page', 'post')`))
        .addColumn('slug', 'text', (c) => c.notNull().check(SLUG_CHECK('slug')))
        .addColumn('title', 'text', (c) => c.notNull().check(sql`char_length(title) BETWEEN 1 AND 300`))
        .addColumn('status', 'text', (c) =>
          c
            .notNull()
            .defaultTo('draft')
            .check(sql`status IN ('draft', 'published', 'scheduled')`),
        )
        .addColumn('publish_at', 'timestamptz')
        .addColumn('published_at', 'timestamptz')
        .addColumn('document', 'jsonb', (c) => c.notNull().defaultTo(sql`'{"root":{"props":{}},"content":[]}'::jsonb`))
        .addColumn('excerpt', 'text', (c) =>
          c
            .notNull()
            .defaultTo('')
            .check(sql`char_length(excerpt) <= 1000`),
        )
        .addColumn('settings', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
        .addColumn('seo', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
        .addColumn('author_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
        .addPrimaryKeyConstraint('content_items_pkey', ['account_id', 'id'])
        .addUniqueConstraint('content_items_slug_key', ['account_id', 'type', 'slug'])
        .addCheckConstraint('content_items_schedule_check', sql`status <> 'scheduled' OR publish_at IS NOT NULL`),
    );
    // The editors' lists (latest edit first) and the public blog (newest published first).
    await sql`CREATE INDEX content_items_edited_idx ON content_items (account_id, type, updated_at DESC, id)`.execute(db);
    await sql`CREATE INDEX content_items_published_idx ON content_items (account_id, type, status, published_at DESC)`.execute(db);

    await createTenantTable(db, 'content_revisions', (t) =>
      t
        .addColumn('id', 'uuid', (c) => c.notNull().defaultTo(uuid))
        .addColumn('item_id', 'uuid', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('document', 'jsonb', (c) => c.notNull())
        .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
        .addPrimaryKeyConstraint('content_revisions_pkey', ['account_id', 'id'])
        .addForeignKeyConstraint('content_revisions_item_fkey', ['account_id', 'item_id'], 'content_items', ['account_id', 'id'], (fk) =>
          fk.onDelete('cascade'),
        ),
    );
    await sql`CREATE INDEX content_revisions_item_idx ON content_revisions (account_id, item_id, created_at DESC, id DESC)`.execute(db);

    await createTenantTable(db, 'terms', (t) =>
      t
        .addColumn('id', 'uuid', (c) => c.notNull().defaultTo(uuid))
        .addColumn('taxonomy', 'text', (c) => c.notNull().check(sql`taxonomy IN ('category', 'tag')`))
        .addColumn('name', 'text', (c) => c.notNull().check(sql`char_length(name) BETWEEN 1 AND 200`))
        .addColumn('slug', 'text', (c) => c.notNull().check(SLUG_CHECK('slug')))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
        .addPrimaryKeyConstraint('terms_pkey', ['account_id', 'id'])
        .addUniqueConstraint('terms_slug_key', ['account_id', 'taxonomy', 'slug']),
    );

    await createTenantTable(db, 'term_relationships', (t) =>
      t
        .addColumn('term_id', 'uuid', (c) => c.notNull())
        .addColumn('object_id', 'uuid', (c) => c.notNull())
        .addPrimaryKeyConstraint('term_relationships_pkey', ['account_id', 'term_id', 'object_id'])
        .addForeignKeyConstraint('term_relationships_term_fkey', ['account_id', 'term_id'], 'terms', ['account_id', 'id'], (fk) => fk.onDelete('cascade')),
    );
    await sql`CREATE INDEX term_relationships_object_idx ON term_relationships (account_id, object_id)`.execute(db);
  },
};

import { createTenantTable, sql, type ColumnDefinitionBuilder, type MigrationMap } from '@lectern/sdk';

const uuid = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(sql`gen_random_uuid()`);
const now = sql`now()`;
const empty = sql`'{}'::jsonb`;

/**
 * The LMS schema (see db/tables.ts for what each column means). Every table is a tenant table and
 * every key and index leads with account_id. Never edit a released migration: add the next one.
 */
export const migrations: MigrationMap = {
  '0001-lms': {
    async up(db) {
      await createTenantTable(db, 'lms_courses', (t) =>
        t
          .addColumn('id', 'uuid', uuid)
          .addColumn('title', 'text', (c) => c.notNull())
          .addColumn('slug', 'text', (c) => c.notNull())
          .addColumn('excerpt', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('featured_image', 'jsonb', (c) => c.notNull().defaultTo(empty))
          .addColumn('document', 'jsonb', (c) => c.notNull().defaultTo(sql`'{"root":{"props":{}},"content":[]}'::jsonb`))
          .addColumn('author_id', 'uuid')
          .addColumn('status', 'text', (c) =>
            c
              .notNull()
              .defaultTo('draft')
              .check(sql`status IN ('draft', 'published')`),
          )
          .addColumn('seats', 'integer', (c) => c.check(sql`seats IS NULL OR seats >= 0`))
          .addColumn('student_count', 'integer', (c) =>
            c
              .notNull()
              .defaultTo(0)
              .check(sql`student_count >= 0`),
          )
          .addColumn('settings', 'jsonb', (c) => c.notNull().defaultTo(empty))
          .addColumn('published_at', 'timestamptz')
          .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
          .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
          .addPrimaryKeyConstraint('lms_courses_pkey', ['account_id', 'id'])
          .addUniqueConstraint('lms_courses_slug_key', ['account_id', 'slug']),
      );
      await sql`CREATE INDEX lms_courses_listed_idx ON lms_courses (account_id, status, published_at DESC, id)`.execute(db);

      await createTenantTable(db, 'lms_course_authors', (t) =>
        t
          .addColumn('course_id', 'uuid', (c) => c.notNull())
          .addColumn('author_id', 'uuid', (c) => c.notNull())
          .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
          .addPrimaryKeyConstraint('lms_course_authors_pkey', ['account_id', 'course_id', 'author_id'])
          .addForeignKeyConstraint('lms_course_authors_course_fk', ['account_id', 'course_id'], 'lms_courses', ['account_id', 'id'], (fk) =>
            fk.onDelete('cascade'),
          ),
      );
      await sql`CREATE INDEX lms_course_authors_author_idx ON lms_course_authors (account_id, author_id)`.execute(db);

      await createTenantTable(db, 'lms_course_meta', (t) =>
        t
          .addColumn('course_id', 'uuid', (c) => c.notNull())
          .addColumn('meta_key', 'text', (c) => c.notNull())
          .addColumn('meta_value', 'jsonb', (c) => c.notNull())
          .addPrimaryKeyConstraint('lms_course_meta_pkey', ['account_id', 'course_id', 'meta_key'])
          .addForeignKeyConstraint('lms_course_meta_course_fk', ['account_id', 'course_id'], 'lms_courses', ['account_id', 'id'], (fk) =>
            fk.onDelete('cascade'),
          ),
      );

      await createTenantTable(db, 'lms_categories', (t) =>
        t
          .addColumn('id', 'uuid', uuid)
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('slug', 'text', (c) => c.notNull())
          .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
          .addPrimaryKeyConstraint('lms_categories_pkey', ['account_id', 'id'])
          .addUniqueConstraint('lms_categories_slug_key', ['account_id', 'slug']),
      );
      await createTenantTable(db, 'lms_course_categories', (t) =>
        t
          .addColumn('term_id', 'uuid', (c) => c.notNull())
          .addColumn('object_id', 'uuid', (c) => c.notNull())
          .addPrimaryKeyConstraint('lms_course_categories_pkey', ['account_id', 'term_id', 'object_id'])
          .addForeignKeyConstraint('lms_course_categories_term_fk', ['account_id', 'term_id'], 'lms_categories', ['account_id', 'id'], (fk) =>
            fk.onDelete('cascade'),
          )
          .addForeignKeyConstraint('lms_course_categories_course_fk', ['account_id', 'object_id'], 'lms_courses', ['account_id', 'id'], (fk) =>
            fk.onDelete('cascade'),
          ),
      );
      await sql`CREATE INDEX lms_course_categories_course_idx ON lms_course_categories (account_id, object_id)`.execute(db);

      await createTenantTable(db, 'lms_items', (t) =>
        t
          .addColumn('id', 'uuid', uuid)
          .addColumn('course_id', 'uuid', (c) => c.notNull())
          .addColumn('post_type', 'text', (c) => c.notNull().check(sql`post_type IN ('section', 'unit', 'quiz', 'assignment')`))
          .addColumn('title', 'text', (c) => c.notNull())
          .addColumn('position', 'integer', (c) => c.notNull())
          .addColumn('document', 'jsonb', (c) => c.notNull().defaultTo(sql`'{"root":{"props":{}},"content":[]}'::jsonb`))
          .addColumn('settings', 'jsonb', (c) => c.notNull().defaultTo(empty))
          .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
          .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
          .addPrimaryKeyConstraint('lms_items_pkey', ['account_id', 'id'])
          .addForeignKeyConstraint('lms_items_course_fk', ['account_id', 'course_id'], 'lms_courses', ['account_id', 'id'], (fk) => fk.onDelete('cascade')),
      );
      await sql`CREATE INDEX lms_items_course_idx ON lms_items (account_id, course_id, position)`.execute(db);

      await createTenantTable(db, 'lms_course_students', (t) =>
        t
          .addColumn('course_id', 'uuid', (c) => c.notNull())
          .addColumn('student_id', 'uuid', (c) => c.notNull())
          .addColumn('status', 'smallint', (c) =>
            c
              .notNull()
              .defaultTo(1)
              .check(sql`status BETWEEN 1 AND 4`),
          )
          .addColumn('start_at', 'timestamptz')
          .addColumn('expiry', 'timestamptz')
          .addColumn('progress', 'smallint', (c) =>
            c
              .notNull()
              .defaultTo(0)
              .check(sql`progress BETWEEN 0 AND 100`),
          )
          .addColumn('marks', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('curriculum_data', 'jsonb', (c) => c.notNull().defaultTo(empty))
          .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
          .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
          .addPrimaryKeyConstraint('lms_course_students_pkey', ['account_id', 'course_id', 'student_id'])
          .addForeignKeyConstraint('lms_course_students_course_fk', ['account_id', 'course_id'], 'lms_courses', ['account_id', 'id'], (fk) =>
            fk.onDelete('cascade'),
          ),
      );
      await sql`CREATE INDEX lms_course_students_student_idx ON lms_course_students (account_id, student_id)`.execute(db);
      // The roster's first page (newest enrolments first) stays an index scan at 100,000 students.
      await sql`CREATE INDEX lms_course_students_roster_idx ON lms_course_students (account_id, course_id, created_at DESC, student_id)`.execute(db);

      await createTenantTable(db, 'lms_questions', (t) =>
        t
          .addColumn('id', 'uuid', uuid)
          .addColumn('quiz_id', 'uuid', (c) => c.notNull())
          .addColumn('position', 'integer', (c) => c.notNull())
          .addColumn('type', 'text', (c) => c.notNull().check(sql`type IN ('single', 'multiple', 'truefalse', 'fill', 'match', 'order', 'essay')`))
          .addColumn('prompt', 'text', (c) => c.notNull())
          .addColumn('data', 'jsonb', (c) => c.notNull().defaultTo(empty))
          .addColumn('marks', 'integer', (c) =>
            c
              .notNull()
              .defaultTo(1)
              .check(sql`marks >= 0`),
          )
          .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
          .addPrimaryKeyConstraint('lms_questions_pkey', ['account_id', 'id'])
          .addForeignKeyConstraint('lms_questions_quiz_fk', ['account_id', 'quiz_id'], 'lms_items', ['account_id', 'id'], (fk) => fk.onDelete('cascade')),
      );
      await sql`CREATE INDEX lms_questions_quiz_idx ON lms_questions (account_id, quiz_id, position)`.execute(db);

      await createTenantTable(db, 'lms_quiz_submissions', (t) =>
        t
          .addColumn('id', 'uuid', uuid)
          .addColumn('quiz_id', 'uuid', (c) => c.notNull())
          .addColumn('course_id', 'uuid', (c) => c.notNull())
          .addColumn('student_id', 'uuid', (c) => c.notNull())
          .addColumn('attempt', 'integer', (c) => c.notNull().check(sql`attempt >= 1`))
          .addColumn('status', 'smallint', (c) => c.notNull().check(sql`status BETWEEN 1 AND 4`))
          .addColumn('marks', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('answers', 'jsonb', (c) => c.notNull().defaultTo(empty))
          .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
          .addColumn('submitted_at', 'timestamptz')
          .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
          .addPrimaryKeyConstraint('lms_quiz_submissions_pkey', ['account_id', 'id'])
          .addUniqueConstraint('lms_quiz_submissions_attempt_key', ['account_id', 'quiz_id', 'student_id', 'attempt'])
          .addForeignKeyConstraint('lms_quiz_submissions_quiz_fk', ['account_id', 'quiz_id'], 'lms_items', ['account_id', 'id'], (fk) =>
            fk.onDelete('cascade'),
          ),
      );
      await sql`CREATE INDEX lms_quiz_submissions_course_idx ON lms_quiz_submissions (account_id, course_id, student_id)`.execute(db);
      await sql`CREATE INDEX lms_quiz_submissions_grading_idx ON lms_quiz_submissions (account_id, course_id, status, updated_at DESC)`.execute(db);

      await createTenantTable(db, 'lms_assignment_submissions', (t) =>
        t
          .addColumn('id', 'uuid', uuid)
          .addColumn('assignment_id', 'uuid', (c) => c.notNull())
          .addColumn('course_id', 'uuid', (c) => c.notNull())
          .addColumn('student_id', 'uuid', (c) => c.notNull())
          .addColumn('status', 'smallint', (c) => c.notNull().check(sql`status BETWEEN 1 AND 4`))
          .addColumn('marks', 'integer')
          .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('file_path', 'text')
          .addColumn('submitted_at', 'timestamptz')
          .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
          .addPrimaryKeyConstraint('lms_assignment_submissions_pkey', ['account_id', 'id'])
          .addUniqueConstraint('lms_assignment_submissions_student_key', ['account_id', 'assignment_id', 'student_id'])
          .addForeignKeyConstraint('lms_assignment_submissions_item_fk', ['account_id', 'assignment_id'], 'lms_items', ['account_id', 'id'], (fk) =>
            fk.onDelete('cascade'),
          ),
      );
      await sql`CREATE INDEX lms_assignment_submissions_course_idx ON lms_assignment_submissions (account_id, course_id, student_id)`.execute(db);
    },
    async down(db) {
      for (const table of [
        'lms_assignment_submissions',
        'lms_quiz_submissions',
        'lms_questions',
        'lms_course_students',
        'lms_items',
        'lms_course_categories',
        'lms_categories',
        'lms_course_meta',
        'lms_course_authors',
        'lms_courses',
      ]) {
        await db.schema.dropTable(table).execute();
      }
    },
  },
  '0002-lms-certificates-reviews': {
    async up(db) {
      // A certificate keeps the names as they were when it was earned: renaming the course or the
      // member later does not change what was certified.
      await createTenantTable(db, 'lms_certificates', (t) =>
        t
          .addColumn('id', 'uuid', uuid)
          .addColumn('code', 'text', (c) => c.notNull())
          .addColumn('course_id', 'uuid', (c) => c.notNull())
          .addColumn('student_id', 'uuid', (c) => c.notNull())
          .addColumn('course_title', 'text', (c) => c.notNull())
          .addColumn('student_name', 'text', (c) => c.notNull())
          .addColumn('issued_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
          .addPrimaryKeyConstraint('lms_certificates_pkey', ['account_id', 'id'])
          .addUniqueConstraint('lms_certificates_code_key', ['account_id', 'code'])
          // No foreign key to the course: a certificate outlives the course it certifies (deleting
          // the course must not make issued certificates fail their public check).
          .addUniqueConstraint('lms_certificates_student_key', ['account_id', 'course_id', 'student_id']),
      );

      await createTenantTable(db, 'lms_reviews', (t) =>
        t
          .addColumn('id', 'uuid', uuid)
          .addColumn('course_id', 'uuid', (c) => c.notNull())
          .addColumn('student_id', 'uuid', (c) => c.notNull())
          .addColumn('rating', 'smallint', (c) => c.notNull().check(sql`rating BETWEEN 1 AND 5`))
          .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
          .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
          .addPrimaryKeyConstraint('lms_reviews_pkey', ['account_id', 'id'])
          .addUniqueConstraint('lms_reviews_student_key', ['account_id', 'course_id', 'student_id'])
          .addForeignKeyConstraint('lms_reviews_course_fk', ['account_id', 'course_id'], 'lms_courses', ['account_id', 'id'], (fk) => fk.onDelete('cascade')),
      );
      // The landing page's newest reviews and its average come from this one index.
      await sql`CREATE INDEX lms_reviews_course_idx ON lms_reviews (account_id, course_id, created_at DESC, id)`.execute(db);
    },
    async down(db) {
      await db.schema.dropTable('lms_reviews').execute();
      await db.schema.dropTable('lms_certificates').execute();
    },
  },
  '0003-lms-quiz-list': {
    // The instructor area's quiz list: an account's quizzes by latest change, whatever the course.
    async up(db) {
      await sql`CREATE INDEX lms_items_type_idx ON lms_items (account_id, post_type, updated_at DESC, id)`.execute(db);
    },
    async down(db) {
      await sql`DROP INDEX lms_items_type_idx`.execute(db);
    },
  },
  '0004-lms-wishlist': {
    // Courses a member saved for later (SPEC §9 course_wishlisted; course_on_sale reaches them).
    async up(db) {
      await createTenantTable(db, 'lms_wishlist', (t) =>
        t
          .addColumn('course_id', 'uuid', (c) => c.notNull())
          .addColumn('user_id', 'uuid', (c) => c.notNull())
          .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
          .addPrimaryKeyConstraint('lms_wishlist_pkey', ['account_id', 'course_id', 'user_id'])
          .addForeignKeyConstraint('lms_wishlist_course_fk', ['account_id', 'course_id'], 'lms_courses', ['account_id', 'id'], (fk) => fk.onDelete('cascade')),
      );
      // A member's own list, newest first.
      await sql`CREATE INDEX lms_wishlist_user_idx ON lms_wishlist (account_id, user_id, created_at DESC)`.execute(db);
    },
    async down(db) {
      await db.schema.dropTable('lms_wishlist').execute();
    },
  },
};

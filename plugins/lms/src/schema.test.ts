import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@lectern/sdk';
import { createTestKernel, type TestKernel } from '@lectern/sdk/testing';
import lms from './index.js';

describe('the LMS schema', () => {
  let t: TestKernel;

  beforeAll(async () => {
    t = await createTestKernel({ plugins: [lms] });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('boots with every table under forced row-level security, keyed by account first', async () => {
    const rows = await t.kernel.withSystem('test: read the LMS tables', async (db) =>
      sql<{ relname: string; forced: boolean; key: string }>`
        SELECT c.relname, c.relforcerowsecurity AS forced, pg_get_indexdef(i.indexrelid) AS key
        FROM pg_class c JOIN pg_index i ON i.indrelid = c.oid AND i.indisprimary
        WHERE c.relname LIKE 'lms\\_%' AND c.relkind = 'r' ORDER BY c.relname`.execute(db),
    );
    expect(rows.rows.map((r) => r.relname)).toEqual([
      'lms_assignment_submissions',
      'lms_categories',
      'lms_certificates',
      'lms_course_authors',
      'lms_course_categories',
      'lms_course_meta',
      'lms_course_students',
      'lms_courses',
      'lms_items',
      'lms_questions',
      'lms_quiz_submissions',
      'lms_reviews',
      'lms_wishlist',
    ]);
    for (const row of rows.rows) {
      expect(row.forced, row.relname).toBe(true);
      expect(row.key, row.relname).toMatch(/\(account_id[,)]/);
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@lectern/sdk';
import { createTestKernel, type TestKernel } from '@lectern/sdk/testing';
import lms from '../index.js';

interface Row {
  slug: string;
  status: string;
  student_count: number;
  author: string;
  items: string[];
  questions: string[];
}

describe('the LMS demo data', () => {
  let t: TestKernel;

  beforeAll(async () => {
    t = await createTestKernel({ plugins: [lms], seedDemo: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('publishes two courses by the demo instructor with sections, units, a three-question quiz and an assignment, and enrols the demo student in the first', async () => {
    const { rows } = await t.kernel.withSystem('test: read the demo courses', (db) =>
      sql<Row & { demo: string }>`
        SELECT c.slug, c.status, c.student_count, u.email AS author,
               (SELECT array_agg(i.post_type ORDER BY i.position) FROM lms_items i WHERE i.account_id = c.account_id AND i.course_id = c.id) AS items,
               (SELECT array_agg(q.type ORDER BY q.position) FROM lms_questions q JOIN lms_items i ON i.account_id = q.account_id AND i.id = q.quiz_id
                 WHERE i.account_id = c.account_id AND i.course_id = c.id) AS questions
          FROM lms_courses c JOIN accounts a ON a.id = c.account_id JOIN users u ON u.id = c.author_id
         WHERE a.slug = 'demo' ORDER BY c.slug DESC`.execute(db),
    );
    expect(rows.map((r) => [r.slug, r.status, r.author])).toEqual([
      ['web-design-foundations', 'published', 'instructor@demo.test'],
      ['public-speaking-essentials', 'published', 'instructor@demo.test'],
    ]);
    for (const row of rows) {
      expect(row.items).toEqual(expect.arrayContaining(['section', 'unit', 'quiz', 'assignment']));
      expect(row.items.filter((type) => type === 'quiz')).toHaveLength(1);
      expect(row.items.filter((type) => type === 'assignment')).toHaveLength(1);
      expect(row.questions).toEqual(['single', 'truefalse', 'fill']);
    }
    expect(rows.map((r) => r.student_count)).toEqual([1, 0]);

    const enrolments = await t.kernel.withSystem('test: read the demo enrolment', (db) =>
      sql<{ slug: string; email: string; status: number; expiry: Date | null }>`
        SELECT c.slug, u.email, s.status, s.expiry FROM lms_course_students s
          JOIN lms_courses c ON c.account_id = s.account_id AND c.id = s.course_id JOIN users u ON u.id = s.student_id`.execute(db),
    );
    expect(enrolments.rows.map((r) => [r.slug, r.email, r.status])).toEqual([['web-design-foundations', 'student@demo.test', 1]]);
    // 90 days from now (the course's duration), not the 9999-day default.
    const days = (new Date(enrolments.rows[0]?.expiry ?? 0).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(89);
    expect(days).toBeLessThan(91);
  });

  it('shows both courses in the demo site catalogue, with the curriculum outline and the instructor as author', async () => {
    const demo = { id: '', slug: 'demo', host: 'demo.localhost', plan: 'professional' };
    const list = await t.request({ url: '/api/lms/public/courses', account: demo });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({ total: 2 });
    const course = await t.request({ url: '/api/lms/public/courses/web-design-foundations', account: demo });
    expect(course.json()).toMatchObject({ authors: [{ name: 'Ian Instructor' }], student_count: 1, categories: [{ slug: 'design' }] });
    expect((course.json() as { curriculum: Array<{ title: string }> }).curriculum.map((i) => i.title)).toContain('Layout check');
  });
});

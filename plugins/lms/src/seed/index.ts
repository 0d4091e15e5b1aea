import { sql, type SeedContext } from '@lectern/sdk';
import { categoryStore } from '../courses/category-store.js';
import { courseStore } from '../courses/course-store.js';
import { curriculumStore } from '../courses/curriculum-store.js';
import { setCourseMeta } from '../courses/meta-store.js';
import { lmsDb, type LmsDb } from '../db/tables.js';
import { expiryAt } from '../enrolment/rules/expiry.js';
import { DEMO_COURSES, type DemoCourse } from './demo-courses.js';

export { DEMO_COURSES } from './demo-courses.js';

async function seedCourse(db: LmsDb, account: { id: string; plan: string }, instructor: string, student: string, course: DemoCourse): Promise<void> {
  const existing = await db.selectFrom('lms_courses').select('id').where('account_id', '=', account.id).where('slug', '=', course.slug).executeTakeFirst();
  if (existing !== undefined) return;
  const found = await db
    .selectFrom('lms_categories')
    .select('id')
    .where('account_id', '=', account.id)
    .where('slug', '=', course.category.slug)
    .executeTakeFirst();
  const categoryId = found?.id ?? (await categoryStore.create(db, account.id, course.category)).id;

  const courseId = await courseStore.create(db, account, instructor, {
    title: course.title,
    slug: course.slug,
    excerpt: course.excerpt,
    settings: course.settings,
    categories: [categoryId],
  });
  await courseStore.setStatus(db, account.id, courseId, 'published');
  if (course.duration !== null) await setCourseMeta(db, account.id, courseId, 'courseDuration', course.duration);

  for (const item of course.items) {
    const document = item.blocks === undefined ? undefined : { root: { props: {} }, content: item.blocks };
    const itemId = await curriculumStore.add(db, account.id, courseId, { post_type: item.post_type, title: item.title, settings: item.settings, document });
    if (item.questions !== undefined && item.questions.length > 0) {
      await db
        .insertInto('lms_questions')
        .values(
          item.questions.map((q, index) => ({
            account_id: account.id,
            quiz_id: itemId,
            position: index + 1,
            type: q.type,
            prompt: q.prompt,
            data: JSON.stringify(q.data),
            marks: q.marks,
            created_at: new Date(),
          })),
        )
        .execute();
    }
  }

  if (course.enrolStudent) {
    // The enrolment and its count land together, as every enrolment does.
    const now = Date.now();
    await db
      .insertInto('lms_course_students')
      .values({
        account_id: account.id,
        course_id: courseId,
        student_id: student,
        status: 1,
        start_at: null,
        expiry: expiryAt(course.duration, now),
        curriculum_data: '{}',
        created_at: new Date(now),
        updated_at: new Date(now),
      })
      .execute();
    await db
      .updateTable('lms_courses')
      .set({ student_count: sql<number>`student_count + 1` })
      .where('account_id', '=', account.id)
      .where('id', '=', courseId)
      .execute();
  }
}

/**
 * The LMS demo data (issue 7, Build 8): two published courses by the demo instructor, each with
 * sections, units, a quiz of three questions and an assignment; the demo student is enrolled in
 * the first. One transaction on the demo account; running it again adds nothing.
 */
export async function seedLms(ctx: SeedContext): Promise<void> {
  await ctx.inAccount(ctx.demoAccountId, async ({ db, account }) => {
    for (const course of DEMO_COURSES) await seedCourse(lmsDb(db), account, ctx.users.instructor, ctx.users.student, course);
  });
}

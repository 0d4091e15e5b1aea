import type { AccountScope, ProvisionedSite } from '@lectern/sdk';
import { courseStore } from '../courses/course-store.js';
import { curriculumStore } from '../courses/curriculum-store.js';
import { lmsDb } from '../db/tables.js';

/** The sample course's address; a site that has one already (a second run) gets nothing more. */
export const STARTER_COURSE_SLUG = 'your-first-course';

/** A lesson's document from the default theme's blocks, each with the id the editor keeps it by. */
const page = (...blocks: Array<{ type: string; props: Record<string, unknown> }>) => ({
  root: { props: {} },
  content: blocks.map((b, index) => ({ type: b.type, props: { id: `${b.type}-starter-${index + 1}`, ...b.props } })),
});

/**
 * A new school's first course (issue 18, item 2): published, so the starter home page's "See the
 * courses" leads somewhere, with two short lessons that say how a course is built here and that it
 * is a sample to rewrite or delete. Free to enrol in: nothing is sold until the owner prices it.
 */
export async function provisionStarterCourse(scope: AccountScope, site: ProvisionedSite): Promise<void> {
  if (site.template !== 'school') return;
  const db = lmsDb(scope.db);
  const account = { id: scope.account.id, plan: scope.account.plan };
  const existing = await db
    .selectFrom('lms_courses')
    .select('id')
    .where('account_id', '=', account.id)
    .where('slug', '=', STARTER_COURSE_SLUG)
    .executeTakeFirst();
  if (existing !== undefined) return;
  const courseId = await courseStore.create(db, account, site.ownerId, {
    title: 'Your first course',
    slug: STARTER_COURSE_SLUG,
    excerpt: `A sample course of ${site.siteName}: open it under Instructor → Courses to make it yours, or delete it.`,
    settings: { unitLock: false, evaluation: 'auto' },
  });
  await curriculumStore.add(db, account.id, courseId, { post_type: 'section', title: 'Getting started' });
  await curriculumStore.add(db, account.id, courseId, {
    post_type: 'unit',
    title: 'Welcome',
    settings: { duration: 120 },
    document: page(
      { type: 'Heading', props: { text: 'Welcome to the course', level: 2, align: 'left' } },
      { type: 'RichText', props: { html: '<p>This is a sample lesson. Students read lessons like this one, in order, and mark each one complete.</p>' } },
    ),
  });
  await curriculumStore.add(db, account.id, courseId, {
    post_type: 'unit',
    title: 'How this course is built',
    settings: { duration: 180 },
    document: page(
      { type: 'Heading', props: { text: 'Sections, lessons and quizzes', level: 2, align: 'left' } },
      {
        type: 'RichText',
        props: {
          html: '<p>A course is a list of sections holding lessons, quizzes and assignments. Add your own in the course editor, set a price in the shop if you sell it, and publish.</p>',
        },
      },
    ),
  });
  await courseStore.setStatus(db, account.id, courseId, 'published');
}

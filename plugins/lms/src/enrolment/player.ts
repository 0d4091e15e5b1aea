import { sql } from '@lectern/sdk';
import type { CourseRow } from '../courses/index.js';
import type { ItemType, LmsDb } from '../db/tables.js';
import { assertActive, courseRules, nowSeconds } from './progress.js';
import { courseState, isUnlimitedExpiry, type LockReason } from './rules/index.js';
import type { MyCourseWire } from './routes/schemas.js';
import { completionInput, enrolmentView, findEnrolment, loadCurriculum, stampsOf, toSeconds, type EnrolmentView } from './store.js';

export interface PlayerItem {
  id: string;
  post_type: ItemType;
  title: string;
  /** Sections carry no state; the other items do. */
  complete: boolean;
  completed_at: number | null;
  locked: boolean;
  reason: LockReason | null;
  opens_at: number | null;
}

export interface PlayerView {
  course: { id: string; title: string; slug: string; unitLock: boolean };
  enrolment: EnrolmentView;
  items: PlayerItem[];
  next: string | null;
}

/** The course as the signed-in student's player shows it; 403 not_enrolled / enrolment_expired. */
export async function playerView(db: LmsDb, accountId: string, course: CourseRow, studentId: string, now: Date): Promise<PlayerView> {
  const row = assertActive(await findEnrolment(db, accountId, course.id, studentId), now);
  const items = await loadCurriculum(db, accountId, course.id);
  const rules = courseRules(course);
  const state = courseState(items, {
    ...(await completionInput(db, accountId, row)),
    settings: rules,
    startAtSeconds: toSeconds(row.start_at),
    nowSeconds: nowSeconds(now),
  });
  return {
    course: { id: course.id, title: course.title, slug: course.slug, unitLock: rules.unitLock === true },
    // The stored progress is recomputed on every change; the read shows the live figure (quizzes graded since).
    enrolment: { ...enrolmentView(row), progress: state.progress },
    items: items.map((item) => {
      const s = state.items.get(item.id);
      return {
        id: item.id,
        post_type: item.post_type,
        title: item.title,
        complete: s?.complete ?? false,
        completed_at: s?.completed_at ?? null,
        locked: s?.locked ?? false,
        reason: s?.reason ?? null,
        opens_at: s?.opens_at ?? null,
      };
    }),
    next: state.next,
  };
}

/** One of the student's courses, as "my courses" sends it. */
export type MyCourse = MyCourseWire;

/** The student's enrolments, newest first, with progress and where to continue. */
export async function myCourses(
  db: LmsDb,
  accountId: string,
  studentId: string,
  limit: number,
  offset: number,
  now: Date,
): Promise<{ items: MyCourse[]; total: number }> {
  const base = db
    .selectFrom('lms_course_students as cs')
    .innerJoin('lms_courses as c', (j) => j.onRef('c.account_id', '=', 'cs.account_id').onRef('c.id', '=', 'cs.course_id'))
    .where('cs.account_id', '=', accountId)
    .where('cs.student_id', '=', studentId);
  const [rows, count] = await Promise.all([
    base
      .select([
        'cs.course_id',
        'cs.status',
        'cs.progress',
        'cs.start_at',
        'cs.expiry',
        'cs.created_at',
        'cs.curriculum_data',
        'c.title',
        'c.slug',
        'c.featured_image',
      ])
      .orderBy('cs.created_at', 'desc')
      .orderBy('cs.course_id')
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  const firstOpen = await firstUnstamped(
    db,
    accountId,
    rows.map((r) => ({ courseId: r.course_id, stamps: stampsOf(r.curriculum_data) })),
  );
  return {
    total: Number(count.n),
    items: rows.map((r) => ({
      course: { id: r.course_id, title: r.title, slug: r.slug, featured_image: typeof r.featured_image?.image === 'string' ? r.featured_image.image : null },
      status: r.status,
      progress: r.progress,
      startAt: toSeconds(r.start_at),
      expiry: r.expiry === null ? null : new Date(r.expiry).getTime(),
      expired: r.expiry !== null && new Date(r.expiry).getTime() <= now.getTime(),
      unlimited: isUnlimitedExpiry(r.expiry === null ? null : new Date(r.expiry).getTime(), new Date(r.created_at).getTime()),
      continue_item: firstOpen.get(r.course_id) ?? null,
      enrolled_at: new Date(r.created_at).toISOString(),
    })),
  };
}

/** For a page of courses: the first non-section item of each without a stamp (one query for the page). */
async function firstUnstamped(
  db: LmsDb,
  accountId: string,
  courses: Array<{ courseId: string; stamps: Record<string, number> }>,
): Promise<Map<string, string>> {
  const result = new Map<string, string>();
  if (courses.length === 0) return result;
  const items = await db
    .selectFrom('lms_items')
    .select(['id', 'course_id'])
    .where('account_id', '=', accountId)
    .where(
      'course_id',
      'in',
      courses.map((c) => c.courseId),
    )
    .where('post_type', '!=', 'section')
    .orderBy('course_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
  const stampsBy = new Map(courses.map((c) => [c.courseId, c.stamps]));
  for (const item of items) {
    if (result.has(item.course_id)) continue;
    if (stampsBy.get(item.course_id)?.[item.id] === undefined) result.set(item.course_id, item.id);
  }
  return result;
}

import type { SiteRouteInput, SiteRouteResult, SiteViewer } from '@lectern/sdk';
import { courseStore } from '../courses/course-store.js';
import { loadCourseMeta } from '../courses/meta-store.js';
import { loadCurriculum } from '../courses/read-model.js';
import { lmsDb, type LmsDb } from '../db/tables.js';
import { listReviews, reviewSummary } from '../reviews/index.js';
import { cardOf } from './cards.js';
import { accessLabel, durationLabel, outlineOf } from './outline.js';
import { COURSE_OFFERS, type CourseOffer } from '../tokens.js';
import type { CourseAction, CoursePageData } from './types.js';
import { isWishlisted } from '../wishlist/store.js';

/** The instructor area's category manager (the admin rail links it from course pages). */
export const COURSE_CATEGORIES_PATH = '/dashboard/instructor/categories';

/** How many of the newest reviews the landing page shows. */
export const LANDING_REVIEWS = 5;

/** Where a signed-in member opens a course (the dashboard's course area). */
export const dashboardCourseHref = (slug: string) => `/dashboard/courses/${encodeURIComponent(slug)}`;

interface ViewerEnrolment {
  progress: number;
  expiry: Date | null;
  created_at: Date;
}

/** The signed-in viewer's enrolment in the course, if any. */
async function viewerEnrolment(db: LmsDb, accountId: string, courseId: string, viewer: SiteViewer | null): Promise<ViewerEnrolment | undefined> {
  if (viewer === null) return undefined;
  return db
    .selectFrom('lms_course_students')
    .select(['progress', 'expiry', 'created_at'])
    .where('account_id', '=', accountId)
    .where('course_id', '=', courseId)
    .where('student_id', '=', viewer.userId)
    .executeTakeFirst();
}

function actionFor(
  course: { id: string; slug: string },
  viewer: SiteViewer | null,
  enrolment: ViewerEnrolment | undefined,
  seatsLeft: number | null,
  offer: CourseOffer | null,
): CourseAction {
  const href = `/course/${encodeURIComponent(course.slug)}`;
  const buy: CourseAction | null = offer === null ? null : { kind: 'buy', href: offer.href, label: offer.label };
  if (viewer === null) {
    if (buy !== null) return buy;
    const back = encodeURIComponent(href);
    return { kind: 'visitor', signupHref: `/signup?redirectedFrom=${back}`, loginHref: `/login?redirectedFrom=${back}` };
  }
  if (enrolment !== undefined) {
    const expired = enrolment.expiry !== null && new Date(enrolment.expiry).getTime() <= Date.now();
    if (!expired) return { kind: 'enrolled', progress: Math.min(100, Math.max(0, Math.floor(enrolment.progress))), href: dashboardCourseHref(course.slug) };
    if (seatsLeft !== 0) return buy ?? { kind: 'expired', href: dashboardCourseHref(course.slug) };
  }
  return seatsLeft === 0 ? { kind: 'full' } : (buy ?? { kind: 'member', href: dashboardCourseHref(course.slug) });
}

/**
 * GET /course/{slug}: a published course's landing page (drafts and unknown slugs are not found).
 * The outline names items only; their content is the player's. What the call to action offers
 * depends on the viewer, which is fine for the page cache: the kernel shares signed-out renders only.
 */
export async function loadCoursePage({
  db: anyDb,
  accountId,
  viewer,
  params,
  currency,
  services,
  language,
  t,
}: SiteRouteInput): Promise<SiteRouteResult | null> {
  const db = lmsDb(anyDb);
  const slug = params.slug ?? '';
  if (slug === '' || slug.length > 200) return null;
  // findPublished answers a missing course with an error; a landing page answers it with a 404 page.
  const exists = await db
    .selectFrom('lms_courses')
    .select('id')
    .where('account_id', '=', accountId)
    .where('slug', '=', slug)
    .where('status', '=', 'published')
    .executeTakeFirst();
  if (exists === undefined) return null;
  const course = await courseStore.findPublished(db, accountId, slug);
  const seatsLeft = course.seats === null ? null : Math.max(0, course.seats - course.student_count);
  const items = await loadCurriculum(db, accountId, course.id);
  const meta = await loadCourseMeta(db, accountId, course.id);
  const enrolment = await viewerEnrolment(db, accountId, course.id, viewer);
  const action = actionFor(
    course,
    viewer,
    enrolment,
    seatsLeft,
    (await services.resolve(COURSE_OFFERS)?.offerFor(db, accountId, course.id, currency, language)) ?? null,
  );
  const data: CoursePageData = {
    course: { ...cardOf(course, t), seatsLeft },
    outline: outlineOf(items),
    // An enrolled student reads their own access (from its real expiry); others what enrolling gives.
    duration:
      enrolment === undefined
        ? durationLabel(t, meta.courseDuration)
        : accessLabel(t, language, enrolment.expiry === null ? null : new Date(enrolment.expiry).getTime(), new Date(enrolment.created_at).getTime()),
    action,
    // Save for later: members who are not studying it (a visitor signs up first; a student has it).
    wishlist:
      viewer === null || action.kind === 'enrolled'
        ? null
        : {
            saved: await isWishlisted(db, accountId, course.id, viewer.userId),
            words: { add: t('action.wishlistAdd'), saved: t('action.wishlistSaved'), failed: t('action.wishlistFailed') },
          },
    reviews: { ...(await reviewSummary(db, accountId, course.id)), items: await listReviews(db, accountId, course.id, LANDING_REVIEWS, 0) },
  };
  const adminLinks = [
    { id: 'edit-course', label: t('adminLinks.editCourse'), href: `/dashboard/instructor/courses/${course.id}` },
    { id: 'course-categories', label: t('adminLinks.categories'), href: COURSE_CATEGORIES_PATH },
  ];
  return { data, title: course.title, description: course.excerpt, image: data.course.image, type: 'website', adminLinks };
}

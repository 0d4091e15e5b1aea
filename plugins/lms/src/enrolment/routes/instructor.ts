import type { PluginApp, PluginContext } from '@lectern/sdk';
import { requestScope } from '../../events/index.js';
import { bulkEnrol, BULK_LIMIT } from '../bulk.js';
import { clock } from '../clock.js';
import { roster } from '../roster.js';
import { LmsTokens } from '../service.js';
import { resetStudent, setStatus } from '../states.js';
import { assertCourseManager, lmsDb, requireCourse } from '../store.js';
import { paged } from '../../courses/schemas.js';
import {
  BulkBody,
  BulkResult,
  CourseParams,
  EmptyBody,
  EnrolmentRefused,
  EnrolmentResult,
  RosterQuery,
  RosterSchema,
  StateResult,
  StatusBody,
  StudentParams,
  Unenrolled,
  openApi,
  tags,
} from './schemas.js';

const managers = { capability: 'manage_students' };

/** Loads the course and checks the caller is one of its authors or a site manager. */
async function managedCourse(request: { ctx: Parameters<typeof assertCourseManager>[0]; params: { course: string } }) {
  const db = lmsDb(request.ctx);
  const course = await requireCourse(db, request.ctx.account.id, request.params.course);
  await assertCourseManager(request.ctx, course);
  return { db, course, accountId: request.ctx.account.id };
}

/** The instructor's side (manage_students): roster, enrolment by hand or CSV, status, reset, unenrol. */
export async function instructorRoutes(app: PluginApp, ctx: PluginContext): Promise<void> {
  const service = () => ctx.resolve(LmsTokens.enrolment);
  const events = () => ctx.resolve(LmsTokens.events);
  app.get(
    '/roster/:course',
    {
      config: managers,
      schema: openApi({
        tags,
        summary: "A course's students, newest enrolment first, searchable by name or email",
        params: CourseParams,
        querystring: RosterQuery,
        response: { 200: RosterSchema },
      }),
    },
    async (request) => {
      const { db, course, accountId } = await managedCourse(request);
      return roster(db, accountId, course, paged(request.query));
    },
  );

  app.post(
    '/roster/:course/bulk',
    {
      config: managers,
      schema: openApi({
        tags,
        summary: `Enrol the site's members listed in a CSV of email addresses (at most ${BULK_LIMIT} rows); one result per row`,
        params: CourseParams,
        body: BulkBody,
        response: { 200: BulkResult },
      }),
    },
    async (request) => {
      const { course } = await managedCourse(request);
      return { status: 1 as const, results: await bulkEnrol(service(), requestScope(ctx, request), course.id, request.body.csv, clock.now()) };
    },
  );

  app.post(
    '/roster/:course/:student',
    {
      config: managers,
      schema: openApi({
        tags,
        summary: 'Enrol one member by hand (seats apply)',
        params: StudentParams,
        body: EmptyBody,
        response: { 200: EnrolmentResult, 201: EnrolmentResult, 409: EnrolmentRefused },
      }),
    },
    async (request, reply) => {
      const { course } = await managedCourse(request);
      const result = await service().enrol(requestScope(ctx, request), course.id, request.params.student, 'instructor', clock.now());
      if (result.status === 0) reply.code(409);
      else reply.code(result.created ? 201 : 200);
      return result;
    },
  );

  app.put(
    '/roster/:course/:student/status',
    {
      config: managers,
      schema: openApi({
        tags,
        summary: "Set a student's course status (1 enrolled · 2 started · 3 submitted for evaluation · 4 evaluated)",
        params: StudentParams,
        body: StatusBody,
        response: { 200: StateResult },
      }),
    },
    async (request) => {
      const { db, course, accountId } = await managedCourse(request);
      const { enrolment, previous } = await setStatus(db, accountId, course, request.params.student, request.body.status, clock.now());
      if (previous !== enrolment.status)
        await events().statusSet(requestScope(ctx, request), course, request.params.student, enrolment.status, request.ctx.userId ?? null);
      return { status: 1 as const, message: 'courses.courseStatusUpdated', enrolment };
    },
  );

  app.post(
    '/roster/:course/:student/reset',
    {
      config: managers,
      schema: openApi({
        tags,
        summary: "Reset a student: status 1, progress 0, no stamps, no startAt, marks 0, the course's quiz and assignment submissions deleted",
        params: StudentParams,
        body: EmptyBody,
        response: { 200: StateResult },
      }),
    },
    async (request) => {
      const { db, course, accountId } = await managedCourse(request);
      const enrolment = await resetStudent(db, accountId, course, request.params.student, clock.now());
      await events().courseReset(requestScope(ctx, request), course, request.params.student);
      return { status: 1 as const, enrolment };
    },
  );

  app.delete(
    '/roster/:course/:student',
    {
      config: managers,
      schema: openApi({
        tags,
        summary: 'Unenrol a student (frees the seat)',
        params: StudentParams,
        response: { 200: Unenrolled },
      }),
    },
    async (request) => {
      const { course } = await managedCourse(request);
      return service().unenrol(requestScope(ctx, request), course.id, request.params.student);
    },
  );
}

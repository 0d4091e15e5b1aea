import { AppError, type PluginApp, type PluginContext } from '@lectern/sdk';
import { curriculumStore, ItemDetailSchema } from '../../courses/index.js';
import { LmsErrors } from '../../errors.js';
import { clock } from '../clock.js';
import { courseOffer, siteCurrencyOf } from '../offers.js';
import { myCourses, playerView } from '../player.js';
import { assertItemOpen, setUnitComplete } from '../progress.js';
import { requestScope } from '../../events/index.js';
import { LmsTokens } from '../service.js';
import { finishCourse, startCourse } from '../states.js';
import { findEnrolment, lmsDb, requireCourse } from '../store.js';
import { paged } from '../../courses/schemas.js';
import {
  CourseParams,
  EmptyBody,
  EnrolmentRefused,
  EnrolmentResult,
  ItemParams,
  MyCoursesSchema,
  PageQuery,
  PlayerSchema,
  StateResult,
  openApi,
  tags,
} from './schemas.js';

/** Signed-in members of the site (students hold `read`). */
const member = { capability: 'read' };

/** The student's side: free enrolment, start, finish, unit completion, the player and "my courses". */
export async function studentRoutes(app: PluginApp, ctx: PluginContext): Promise<void> {
  const events = () => ctx.resolve(LmsTokens.events);
  app.post(
    '/player/:course/enrol',
    {
      config: member,
      schema: openApi({
        tags,
        summary: 'Enrol the signed-in member in a published course for free',
        description:
          'Already enrolled: status 1 with created false. Seats full: 409 {status: 0, error: "Seats Error", code: "seats"}. Insert failed: 409 {status: 0}. A course on sale (the shop): 403 course_for_sale.',
        params: CourseParams,
        body: EmptyBody,
        response: { 200: EnrolmentResult, 201: EnrolmentResult, 409: EnrolmentRefused },
      }),
    },
    async (request, reply) => {
      const { account, userId } = request.ctx;
      const db = lmsDb(request.ctx);
      const course = await requireCourse(db, account.id, request.params.course);
      // Drafts are not on offer: the same answer as a course that does not exist.
      if (course.status !== 'published') throw new AppError(LmsErrors.courseNotFound);
      // A course another plugin sells (a product, a membership level) is not free.
      if ((await courseOffer(ctx, db, account.id, course.id, siteCurrencyOf(account.settings))) !== null) throw new AppError(LmsErrors.courseForSale);
      const result = await ctx.resolve(LmsTokens.enrolment).enrol(requestScope(ctx, request), course.id, userId as string, 'free', clock.now());
      if (result.status === 0) reply.code(409);
      else reply.code(result.created ? 201 : 200);
      return result;
    },
  );

  app.get(
    '/player/:course',
    {
      config: member,
      schema: openApi({
        tags,
        summary: "The course as the signed-in student's player shows it: items with state, progress, where to continue",
        params: CourseParams,
        response: { 200: PlayerSchema },
      }),
    },
    async (request) => {
      const { account, userId } = request.ctx;
      const db = lmsDb(request.ctx);
      const course = await requireCourse(db, account.id, request.params.course);
      return playerView(db, account.id, course, userId as string, clock.now());
    },
  );

  app.get(
    '/player/:course/items/:item',
    {
      config: member,
      schema: openApi({
        tags,
        summary: 'One item of the course with its content, for an enrolled student it is open to (403 item_locked with the reason otherwise)',
        params: ItemParams,
        response: { 200: ItemDetailSchema },
      }),
    },
    async (request) => {
      const { account, userId } = request.ctx;
      const db = lmsDb(request.ctx);
      const course = await requireCourse(db, account.id, request.params.course);
      await assertItemOpen(db, account.id, course, userId as string, request.params.item, clock.now());
      return curriculumStore.get(db, account.id, course.id, request.params.item);
    },
  );

  app.post(
    '/player/:course/start',
    {
      config: member,
      schema: openApi({
        tags,
        summary: 'Start the course (status 1 → 2 with startAt now; again: no change)',
        params: CourseParams,
        body: EmptyBody,
        response: { 200: StateResult },
      }),
    },
    async (request) => {
      const { account, userId } = request.ctx;
      const db = lmsDb(request.ctx);
      const course = await requireCourse(db, account.id, request.params.course, { holdCurriculum: true });
      const before = await findEnrolment(db, account.id, course.id, userId as string);
      const enrolment = await startCourse(db, account.id, course, userId as string, clock.now());
      if (before?.status === 1 && enrolment.status === 2) await events().courseStarted(requestScope(ctx, request), course, userId as string);
      return { status: 1 as const, enrolment };
    },
  );

  app.post(
    '/player/:course/finish',
    {
      config: member,
      schema: openApi({
        tags,
        summary: 'Finish the course: status 3 (submitted for evaluation), or 4 when the course evaluates automatically',
        params: CourseParams,
        body: EmptyBody,
        response: { 200: StateResult },
      }),
    },
    async (request) => {
      const { account, userId } = request.ctx;
      const db = lmsDb(request.ctx);
      const course = await requireCourse(db, account.id, request.params.course, { holdCurriculum: true });
      const { enrolment, changed } = await finishCourse(db, account.id, course, userId as string, clock.now());
      if (changed) await events().courseFinished(requestScope(ctx, request), course, userId as string, enrolment.status, enrolment.marks);
      return { status: 1 as const, message: 'courses.courseStatusUpdated', enrolment };
    },
  );

  for (const [method, complete] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/player/:course/items/:item/complete',
      config: member,
      schema: openApi({
        tags,
        summary: complete
          ? 'Mark a unit complete (refused while it is locked or not released: 403 with reason and opens_at)'
          : 'Un-complete a unit (removes its stamp)',
        params: ItemParams,
        ...(complete ? { body: EmptyBody } : {}),
        response: { 200: StateResult },
      }),
      handler: async (request) => {
        const { account, userId } = request.ctx;
        const db = lmsDb(request.ctx);
        // The course's share lock comes with this read: setUnitComplete then locks only the enrolment.
        const course = await requireCourse(db, account.id, request.params.course, { holdCurriculum: true });
        const { enrolment, changed } = await setUnitComplete(db, account.id, course, userId as string, request.params.item, complete, clock.now());
        // Only a unit newly completed is news (a repeated click is not another lesson_completed).
        if (complete && changed) await events().unitCompleted(requestScope(ctx, request), course, userId as string, request.params.item);
        return { status: 1 as const, enrolment };
      },
    });
  }

  app.get(
    '/my/courses',
    {
      config: member,
      schema: openApi({
        tags,
        summary: "The signed-in member's courses, newest enrolment first, with progress and where to continue",
        querystring: PageQuery,
        response: { 200: MyCoursesSchema },
      }),
    },
    async (request) => {
      const { account, userId } = request.ctx;
      const { limit, offset } = paged(request.query);
      return myCourses(lmsDb(request.ctx), account.id, userId as string, limit, offset, clock.now());
    },
  );
}

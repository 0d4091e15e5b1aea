import { AppError, EmptyBody, workScopeOf, type PluginApp, type PluginContext } from '@lectern/sdk';
import { courseWishlisted } from '../automation/declarations.js';
import { lmsDb, requireCourse } from '../enrolment/store.js';
import { LmsErrors } from '../errors.js';
import { WishlistPage, WishlistParams, WishlistQuery, WishlistState, WISHLIST_PAGE } from './schemas.js';
import { removeFromWishlist, saveToWishlist, wishlistPage } from './store.js';

const tags = ['lms'];

/** A member's wishlist: save a published course for later (SPEC §9 course_wishlisted), drop it, list it. */
export async function wishlistRoutes(app: PluginApp, ctx: PluginContext): Promise<void> {
  app.put(
    '/wishlist/:course',
    {
      config: { capability: 'read' },
      schema: {
        tags,
        summary: "Save a published course to the signed-in member's wishlist (201 when new; raises course_wishlisted)",
        params: WishlistParams,
        body: EmptyBody,
        response: { 200: WishlistState, 201: WishlistState },
      },
    },
    async (request, reply) => {
      const { account, userId } = request.ctx;
      const db = lmsDb(request.ctx);
      const course = await requireCourse(db, account.id, request.params.course);
      if (course.status !== 'published') throw new AppError(LmsErrors.courseNotFound);
      const added = await saveToWishlist(db, account.id, course.id, userId as string);
      if (added) await ctx.automation.raise(workScopeOf(request.ctx), courseWishlisted, { userId, payload: { courseId: course.id } });
      reply.code(added ? 201 : 200);
      return { saved: true };
    },
  );

  app.delete(
    '/wishlist/:course',
    {
      config: { capability: 'read' },
      schema: { tags, summary: "Remove a course from the signed-in member's wishlist", params: WishlistParams, response: { 200: WishlistState } },
    },
    async (request) => {
      const { account, userId } = request.ctx;
      const db = lmsDb(request.ctx);
      const course = await requireCourse(db, account.id, request.params.course);
      await removeFromWishlist(db, account.id, course.id, userId as string);
      return { saved: false };
    },
  );

  app.get(
    '/wishlist',
    {
      config: { capability: 'read' },
      schema: {
        tags,
        summary: "The signed-in member's wishlist: published courses, newest first",
        querystring: WishlistQuery,
        response: { 200: WishlistPage },
      },
    },
    async (request) => {
      const { account, userId } = request.ctx;
      return wishlistPage(lmsDb(request.ctx), account.id, userId as string, request.query.limit ?? WISHLIST_PAGE, request.query.offset ?? 0);
    },
  );
}

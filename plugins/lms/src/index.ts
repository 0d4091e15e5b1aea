import { definePlugin } from '@lectern/sdk';
import { assessmentRoutes } from './assessments/index.js';
import { registerCourseAutomation } from './automation/index.js';
import { certificateRoutes, issueOnCompletion } from './certificates/index.js';
import { courseRoutes } from './courses/index.js';
import { registerDripReleases } from './drip/index.js';
import { enrolmentRoutes, registerEnrolment } from './enrolment/index.js';
import { manifest } from './manifest.js';
import { LmsTokens } from './tokens.js';
import { migrations } from './migrations.js';
import { reviewRoutes } from './reviews/index.js';
import { seedLms } from './seed/index.js';
import { provisionStarterCourse } from './seed/starter-course.js';
import { lmsSite, registerLmsSearch } from './site/index.js';
import { purgeOnEnrolment } from './site/purge.js';
import { statsRoutes } from './stats/index.js';
import { registerTextUploadAccess } from './uploads/text-upload-access.js';
import { registerWishlist, wishlistRoutes } from './wishlist/index.js';

/**
 * @lectern/plugin-lms. The kernel finds this package through `"lectern": { "plugin": true }` in
 * package.json and loads this default export. Routes are mounted under /api/lms and answer only on
 * sites with the `lms` add-on on.
 */
export default definePlugin({
  manifest,
  migrations,
  register(ctx) {
    const events = registerEnrolment(ctx);
    issueOnCompletion(events);
    registerLmsSearch(ctx);
    registerTextUploadAccess(ctx);
    // Enrolment changes alter a course's landing page (student count, seats left).
    purgeOnEnrolment(ctx, events);
    // The automation engine's enroll_course and unenroll_course.
    registerCourseAutomation(ctx);
    // Members' wishlists; the shop announces a wishlisted course's sale through it.
    registerWishlist(ctx);
  },
  async jobs(ctx) {
    // Drip releases: a job per student and item, queued when a course starts or a unit completes.
    await registerDripReleases(ctx, ctx.resolve(LmsTokens.events));
  },
  async routes(app, ctx) {
    await courseRoutes(app, ctx);
    await enrolmentRoutes(app, ctx);
    await assessmentRoutes(app, ctx);
    await certificateRoutes(app);
    await reviewRoutes(app, ctx);
    await statsRoutes(app, ctx);
    await wishlistRoutes(app, ctx);
  },
  site: lmsSite,
  // The catalogues of its admin screens and site views: one folder, the one package.json names.
  locales: new URL('../locales/', import.meta.url),
  seed: seedLms,
  // A new school starts with a sample course (issue 18).
  provisionAccount: provisionStarterCourse,
});

import type { PluginApp, PluginContext } from '@lectern/sdk';
import { categoryRoutes } from './routes/categories.js';
import { managerCourseRoutes } from './routes/courses.js';
import { curriculumRoutes } from './routes/curriculum.js';
import { publicCourseRoutes } from './routes/public.js';

export { loadCurriculum, findCourse, courseRefOf, isUuid, type CurriculumItem, type CourseRow } from './read-model.js';
export { requireCourseAuthor, isCurriculumAuthor } from './access.js';
export { loadCourseMeta, type CourseMeta, type CourseDuration } from './meta-store.js';
export { curriculumStore } from './curriculum-store.js';
export { ItemDetail as ItemDetailSchema } from './schemas.js';

/** Courses, categories, curriculum and course meta, under /api/lms. */
export async function courseRoutes(app: PluginApp, ctx: PluginContext): Promise<void> {
  await managerCourseRoutes(app, ctx);
  await publicCourseRoutes(app);
  await categoryRoutes(app, ctx);
  await curriculumRoutes(app, ctx);
}

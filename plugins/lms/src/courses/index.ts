import type { PluginApp, PluginContext } from '@lectern/sdk';

/** Courses, categories, curriculum and course meta (helper "lms-courses" fills this in). */
export async function courseRoutes(_app: PluginApp, _ctx: PluginContext): Promise<void> {}

import type { PluginApp, PluginContext } from '@lectern/sdk';

/** Quizzes and assignments (helper "lms-assessments" fills this in). */
export async function assessmentRoutes(_app: PluginApp, _ctx: PluginContext): Promise<void> {}

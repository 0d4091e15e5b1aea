import type { PluginApp, PluginContext } from '@lectern/sdk';

/** Enrolment, states, progress, unit lock, drip and the player (helper "lms-enrolment" fills this in). */
export async function enrolmentRoutes(_app: PluginApp, _ctx: PluginContext): Promise<void> {}

/** Services other plugins use (enrol a buyer, a member…), provided under tokens at register time. */
export function registerEnrolment(_ctx: PluginContext): void {}

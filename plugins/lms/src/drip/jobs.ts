import { jobIdFor, type PluginContext } from '@lectern/sdk';
import { findCourse } from '../courses/index.js';
import { lmsDb } from '../db/tables.js';
import { clock } from '../enrolment/clock.js';
import type { CourseRef, LmsEvents, LmsScope } from '../events/index.js';
import { isReleased, pendingReleases } from './releases.js';

/** The queue of drip releases: one job per student and item, due when the item opens. */
export const DRIP_QUEUE = 'lms-drip-released';

interface DripJob {
  courseId: string;
  studentId: string;
  itemId: string;
}

const dripEnabled = (settings: Record<string, unknown> | null | undefined) => {
  const drip = settings?.drip;
  return drip !== null && typeof drip === 'object' && (drip as { enabled?: unknown }).enabled === true;
};

/** A stable key per release, so scheduling the same release twice queues it once. */
function releaseJobKey(accountId: string, job: DripJob, opensAt: number): string {
  return `${accountId}:${job.courseId}:${job.studentId}:${job.itemId}:${opensAt}`;
}

/** The id the release's job gets (ctx.jobs derives it from the key). */
export function releaseJobId(accountId: string, job: DripJob, opensAt: number): string {
  return jobIdFor(releaseJobKey(accountId, job, opensAt));
}

/**
 * SPEC §9 trigger drip_lesson_available: when a student starts a course, and whenever a completed
 * unit fixes the next one's start, each item the drip feed still holds back gets a job due at its
 * opening; the job checks the item is really open then (a reset may have moved it) and raises the
 * trigger. Jobs are queued after the change commits.
 */
export async function registerDripReleases(ctx: PluginContext, events: LmsEvents): Promise<void> {
  const jobs = ctx.jobs;
  const schedule = async (scope: LmsScope, course: CourseRef, studentId: string) => {
    // Most courses have no drip feed: decide from the settings in hand before reading anything.
    if (course.settings !== undefined && !dripEnabled(course.settings)) return;
    const db = lmsDb(scope.db);
    const row = await findCourse(db, scope.accountId, course.id);
    if (row === null || !dripEnabled(row.settings)) return;
    const releases = await pendingReleases(db, scope.accountId, row, studentId, clock.now());
    if (releases.length === 0) return;
    scope.afterCommit(async () => {
      for (const release of releases) {
        const job: DripJob = { courseId: course.id, studentId, itemId: release.itemId };
        await jobs.enqueue(scope.accountId, DRIP_QUEUE, job, {
          startAfter: new Date(release.opensAt * 1000),
          key: releaseJobKey(scope.accountId, job, release.opensAt),
        });
      }
    });
  };
  events.listen({ courseStarted: schedule, unitCompleted: (scope, course, studentId) => schedule(scope, course, studentId) });

  // Without a held transaction: the check runs in a short one, and what the release sets off (hook
  // listeners that may open their own transactions) runs after it has finished.
  await jobs.work<DripJob>(
    DRIP_QUEUE,
    async ({ account, data, run }) => {
      if (account === null || !ctx.isEnabledFor(account)) return;
      const tasks: Array<() => void | Promise<void>> = [];
      await run(async (db) => {
        const lms = lmsDb(db);
        const course = await findCourse(lms, account.id, data.courseId);
        if (course === null || !(await isReleased(lms, account.id, course, data.studentId, data.itemId, clock.now()))) return;
        const scope: LmsScope = {
          db,
          accountId: account.id,
          features: account.features,
          afterCommit: (task) => void tasks.push(task),
          siteName: account.name,
          origin: ctx.accountOrigin(account),
        };
        await events.dripReleased(scope, course, data.studentId, data.itemId);
      });
      for (const task of tasks) {
        try {
          await task();
        } catch (error) {
          // The release happened; a failing listener must not make the job run (and announce it) again.
          ctx.log.error({ err: error, accountId: account.id }, 'LMS drip release follow-up failed');
        }
      }
    },
    { transaction: false },
  );
}

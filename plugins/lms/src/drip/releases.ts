import type { CourseRow } from '../courses/index.js';
import type { LmsDb } from '../db/tables.js';
import { courseRules, nowSeconds } from '../enrolment/progress.js';
import { courseState } from '../enrolment/rules/index.js';
import { completionInput, findEnrolment, loadCurriculum, toSeconds } from '../enrolment/store.js';

export interface Release {
  itemId: string;
  /** When the drip feed opens the item, in seconds. */
  opensAt: number;
}

/**
 * The items the drip feed still holds back for a student, with when each opens; items whose opening
 * is not known yet (they wait on a previous unit's start) are left out until it is.
 */
export async function pendingReleases(db: LmsDb, accountId: string, course: CourseRow, studentId: string, now: Date): Promise<Release[]> {
  const row = await findEnrolment(db, accountId, course.id, studentId);
  if (row === null || row.start_at === null) return [];
  const items = await loadCurriculum(db, accountId, course.id);
  const state = courseState(items, {
    ...(await completionInput(db, accountId, row)),
    settings: courseRules(course),
    startAtSeconds: toSeconds(row.start_at),
    nowSeconds: nowSeconds(now),
  });
  const seconds = nowSeconds(now);
  const releases: Release[] = [];
  // The drip time counts even while the unit lock also holds the item: its time has come, then.
  for (const [itemId, item] of state.items)
    if (!item.complete && item.opens_at !== null && item.opens_at > seconds) releases.push({ itemId, opensAt: item.opens_at });
  return releases;
}

/** Whether the drip feed has released the item to the student by now (an active enrolment). */
export async function isReleased(db: LmsDb, accountId: string, course: CourseRow, studentId: string, itemId: string, now: Date): Promise<boolean> {
  const row = await findEnrolment(db, accountId, course.id, studentId);
  if (row === null || row.start_at === null) return false;
  if (row.expiry !== null && new Date(row.expiry).getTime() <= now.getTime()) return false;
  const items = await loadCurriculum(db, accountId, course.id);
  const state = courseState(items, {
    ...(await completionInput(db, accountId, row)),
    settings: courseRules(course),
    startAtSeconds: toSeconds(row.start_at),
    nowSeconds: nowSeconds(now),
  }).items.get(itemId);
  return state !== undefined && state.opens_at !== null && state.opens_at <= nowSeconds(now);
}

import type { LmsDb } from '../db/tables.js';
import * as enrolment from '../enrolment/index.js';

type Recalculate = (db: LmsDb, accountId: string, courseId: string, studentId: string) => Promise<unknown>;

/**
 * Recomputes the student's course progress after a submission changed what is complete. The
 * enrolment module owns progress; it is looked up at call time because both modules import each
 * other's pure parts and because it may not export the function yet.
 */
export async function recalculateProgress(db: LmsDb, accountId: string, courseId: string, studentId: string): Promise<void> {
  const recalculate = (enrolment as Record<string, unknown>).recalculateProgress;
  if (typeof recalculate === 'function') await (recalculate as Recalculate)(db, accountId, courseId, studentId);
}

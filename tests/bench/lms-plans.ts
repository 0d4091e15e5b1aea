import type { LoadRequest } from './load.js';
import type { LmsBenchInfo, ServerInfo } from './messages.js';
import type { ScenarioPlan } from './scenario-plan.js';
import { ROSTER_PAGE } from './settings.js';

/** Migrations, the demo seed and 100,000 students in one boot (about 20 s embedded on 2 cores, 13 s of it the students). */
const LMS_BOOT_TIMEOUT_MS = 180_000;

function lmsInfo(info: ServerInfo): LmsBenchInfo {
  if (info.lms === undefined) throw new Error('the LMS server did not report its courses and tokens');
  return info.lms;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * Each connection is one student toggling every unit of the course: complete (POST), then
 * un-complete (DELETE), so every request changes the enrolment (stamps, progress) and the state
 * never runs out however long the run.
 */
export const lmsCompletePlan: ScenarioPlan = {
  scenario: 'lms-complete',
  description: 'a student marks a unit complete / un-complete (bearer token, row lock, progress recomputed)',
  paths: [],
  bootTimeoutMs: LMS_BOOT_TIMEOUT_MS,
  load(info) {
    const lms = lmsInfo(info);
    const first = lms.studentTokens[0];
    if (first === undefined || lms.unitIds.length === 0) throw new Error('the LMS server reported no students or units');
    const sequences = lms.studentTokens.map((token) =>
      lms.unitIds.flatMap((unit): LoadRequest[] => {
        const path = `/api/lms/player/${lms.completeCourseId}/items/${unit}/complete`;
        return [
          { method: 'POST', path, headers: { ...bearer(token), 'content-type': 'application/json' }, body: '{}' },
          { method: 'DELETE', path, headers: bearer(token) },
        ];
      }),
    );
    return { probe: { path: `/api/lms/player/${lms.completeCourseId}`, headers: bearer(first) }, sequences };
  },
  check: (body) => isRecord(body) && isRecord(body.enrolment) && Array.isArray(body.items),
};

/** The owner reads the first page of a roster of `rosterStudents` students (the runner's setting), newest enrolments first. */
export function lmsRosterPlan(rosterStudents: number): ScenarioPlan {
  return {
    scenario: 'lms-roster',
    description: `first page (${ROSTER_PAGE}) of a ${rosterStudents.toLocaleString('en-US')}-student course roster, as the owner`,
    paths: [],
    bootTimeoutMs: LMS_BOOT_TIMEOUT_MS,
    load(info) {
      const lms = lmsInfo(info);
      const request: LoadRequest = {
        method: 'GET',
        path: `/api/lms/roster/${lms.rosterCourseId}?limit=${ROSTER_PAGE}&offset=0`,
        headers: bearer(lms.ownerToken),
      };
      return { probe: request, sequences: [[request]] };
    },
    // The total is the seeded roster, all of it: a smaller or larger number is a wrong answer.
    check: (body) => isRecord(body) && body.total === rosterStudents && Array.isArray(body.items) && body.items.length === ROSTER_PAGE,
  };
}

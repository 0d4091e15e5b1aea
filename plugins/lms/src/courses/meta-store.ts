import type { LmsDb } from '../db/tables.js';
import type { CourseDurationWire, MetaWire } from './schemas.js';

/** SPEC Course meta courseDuration: enrolment expiry (SPEC §9); an empty parameter means 999999 seconds. */
export type CourseDuration = CourseDurationWire;

/** The meta as its route sends it. */
export type CourseMeta = MetaWire;

/** A course's meta rows as one object; missing keys read as an empty curriculum and no duration. */
export async function loadCourseMeta(db: LmsDb, accountId: string, courseId: string): Promise<CourseMeta> {
  const rows = await db
    .selectFrom('lms_course_meta')
    .select(['meta_key', 'meta_value'])
    .where('account_id', '=', accountId)
    .where('course_id', '=', courseId)
    .where('meta_key', 'in', ['curriculum', 'courseDuration'])
    .execute();
  const value = (key: string) => rows.find((r) => r.meta_key === key)?.meta_value;
  const curriculum = value('curriculum');
  const duration = value('courseDuration') as CourseDuration | null | undefined;
  return {
    curriculum: Array.isArray(curriculum) ? curriculum.filter((id): id is string => typeof id === 'string') : [],
    courseDuration: duration !== null && typeof duration === 'object' && typeof duration.value === 'number' ? duration : null,
  };
}

/** Writes one meta key (null deletes it). */
export async function setCourseMeta(db: LmsDb, accountId: string, courseId: string, key: 'curriculum' | 'courseDuration', value: unknown): Promise<void> {
  if (value === null) {
    await db.deleteFrom('lms_course_meta').where('account_id', '=', accountId).where('course_id', '=', courseId).where('meta_key', '=', key).execute();
    return;
  }
  const json = JSON.stringify(value);
  await db
    .insertInto('lms_course_meta')
    .values({ account_id: accountId, course_id: courseId, meta_key: key, meta_value: json })
    .onConflict((oc) => oc.columns(['account_id', 'course_id', 'meta_key']).doUpdateSet({ meta_value: json }))
    .execute();
}

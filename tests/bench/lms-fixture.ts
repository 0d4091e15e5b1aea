import { sql, type AnyDb } from '@lectern/sdk';
import type { RawBuilder } from 'kysely';
import type { Kernel } from '@lectern/core';
import type { LmsBenchInfo } from './messages.js';
export const ROSTER_SLUG = 'bench-roster';
export const COMPLETE_SLUG = 'bench-complete';
/** Units of the completion course; each connection toggles all of them in turn. */
const UNITS = 4;
/** The generated students' address, as SQL over a `generate_series(…) AS n` column. */
const STUDENT_EMAIL = sql<string>`'bench-student-' || n || '@bench.test'`;
const OWNER_EMAIL = 'bench-owner@bench.test';

interface Row {
  id: string;
}

async function rows<T>(db: AnyDb, query: RawBuilder<T>): Promise<T[]> {
  return (await query.execute(db)).rows;
}

async function roleId(db: AnyDb, accountId: string, slug: string): Promise<string> {
  const [role] = await rows(db, sql<Row>`SELECT id FROM roles WHERE account_id = ${accountId} AND slug = ${slug}`);
  if (role === undefined) throw new Error(`the bench account has no "${slug}" role`);
  return role.id;
}

async function insertCourse(db: AnyDb, accountId: string, slug: string, title: string, authorId: string): Promise<string> {
  const [course] = await rows(
    db,
    sql<Row>`INSERT INTO lms_courses (account_id, title, slug, author_id, status, settings, published_at)
      VALUES (${accountId}, ${title}, ${slug}, ${authorId}, 'published', '{}'::jsonb, now()) RETURNING id`,
  );
  if (course === undefined) throw new Error(`could not create the ${slug} course`);
  return course.id;
}

/**
 * The roster's students (100,000 by default) in a few set-based statements (one round trip each, no per-row JavaScript):
 * users, their memberships (the roster joins both for names and emails) and the enrolments, each
 * a second older than the last so "newest first" has a real order to walk.
 */
async function seedRoster(db: AnyDb, accountId: string, ownerId: string, rosterStudents: number): Promise<string> {
  const studentRole = await roleId(db, accountId, 'student');
  await sql`INSERT INTO users (email, display_name, email_confirmed_at)
    SELECT ${STUDENT_EMAIL}, 'Bench Student ' || n, now() FROM generate_series(1, ${rosterStudents}::int) AS n
    ON CONFLICT (lower(email)) WHERE email IS NOT NULL DO NOTHING`.execute(db);
  await sql`INSERT INTO members (account_id, user_id, role_id, name, email, slug)
    SELECT ${accountId}::uuid, u.id, ${studentRole}::uuid, u.display_name, u.email, 'bench-student-' || n
    FROM generate_series(1, ${rosterStudents}::int) AS n JOIN users u ON lower(u.email) = ${STUDENT_EMAIL}
    ON CONFLICT DO NOTHING`.execute(db);
  const courseId = await insertCourse(db, accountId, ROSTER_SLUG, 'Bench roster', ownerId);
  await sql`INSERT INTO lms_course_students (account_id, course_id, student_id, status, curriculum_data, created_at, updated_at)
    SELECT ${accountId}::uuid, ${courseId}::uuid, u.id, 1, '{}'::jsonb, now() - n * interval '1 second', now()
    FROM generate_series(1, ${rosterStudents}::int) AS n JOIN users u ON lower(u.email) = ${STUDENT_EMAIL}`.execute(db);
  // Enrolment keeps student_count exact, and the roster reports it as the total: keep it true here.
  await sql`UPDATE lms_courses SET student_count = (SELECT count(*) FROM lms_course_students WHERE account_id = ${accountId} AND course_id = ${courseId})
    WHERE account_id = ${accountId} AND id = ${courseId}`.execute(db);
  return courseId;
}

/** A course of one section and a few units, no unit lock or drip, so every unit can be completed at once. */
async function seedCompleteCourse(db: AnyDb, accountId: string, ownerId: string): Promise<string> {
  const courseId = await insertCourse(db, accountId, COMPLETE_SLUG, 'Bench completion', ownerId);
  await sql`INSERT INTO lms_items (account_id, course_id, post_type, title, position, document, settings)
    SELECT ${accountId}::uuid, ${courseId}::uuid, CASE WHEN p = 0 THEN 'section' ELSE 'unit' END, 'Bench item ' || p, p, '{}'::jsonb, '{}'::jsonb
    FROM generate_series(0, ${UNITS}::int) AS p`.execute(db);
  return courseId;
}

async function findCourse(db: AnyDb, accountId: string, slug: string): Promise<string | null> {
  const [course] = await rows(db, sql<Row>`SELECT id FROM lms_courses WHERE account_id = ${accountId} AND slug = ${slug}`);
  return course?.id ?? null;
}

async function ensureOwner(db: AnyDb, accountId: string): Promise<string> {
  await sql`INSERT INTO users (email, display_name, email_confirmed_at) VALUES (${OWNER_EMAIL}, 'Bench Owner', now())
    ON CONFLICT (lower(email)) WHERE email IS NOT NULL DO NOTHING`.execute(db);
  const [user] = await rows(db, sql<Row>`SELECT id FROM users WHERE lower(email) = ${OWNER_EMAIL}`);
  if (user === undefined) throw new Error('could not create the bench owner');
  await sql`INSERT INTO members (account_id, user_id, role_id, name, email, slug)
    VALUES (${accountId}, ${user.id}, ${await roleId(db, accountId, 'owner')}, 'Bench Owner', ${OWNER_EMAIL}, 'bench-owner')
    ON CONFLICT DO NOTHING`.execute(db);
  return user.id;
}

export interface LmsFixtureResult extends Omit<LmsBenchInfo, 'studentTokens' | 'ownerToken'> {
  ownerId: string;
  studentIds: string[];
}

/**
 * Everything the two LMS scenarios need on the bench account, idempotently (a reused PostgreSQL
 * database keeps it): the lms add-on on, an owner, the roster course with its `rosterStudents`
 * students and a completion course with `students` of them enrolled. One owner transaction with the account set
 * locally, so row-level security admits the tenant rows even for an owner that is no superuser.
 */
export async function seedLmsFixture(kernel: Kernel, accountId: string, students: number, rosterStudents: number): Promise<LmsFixtureResult> {
  const started = Date.now();
  let seededRoster = false;
  const result = await kernel.withSystem('bench: seed the LMS scenarios', (owner) =>
    owner.transaction().execute(async (db) => {
      await sql`SELECT set_config('app.account_id', ${accountId}, true)`.execute(db);
      await sql`UPDATE accounts SET features = features || '{"lms": true}'::jsonb WHERE id = ${accountId}`.execute(db);
      const ownerId = await ensureOwner(db, accountId);
      let rosterCourseId = await findCourse(db, accountId, ROSTER_SLUG);
      if (rosterCourseId === null) {
        rosterCourseId = await seedRoster(db, accountId, ownerId, rosterStudents);
        // What autovacuum would soon do on a live database: plan with the new row counts, not an
        // empty table's (the embedded database runs no autovacuum).
        await sql`ANALYZE users, members, lms_course_students`.execute(db);
        seededRoster = true;
      }
      const completeCourseId = (await findCourse(db, accountId, COMPLETE_SLUG)) ?? (await seedCompleteCourse(db, accountId, ownerId));
      // Each connection acts as its own student: no two requests queue on one enrolment's row lock.
      await sql`INSERT INTO lms_course_students (account_id, course_id, student_id, status, curriculum_data)
        SELECT ${accountId}::uuid, ${completeCourseId}::uuid, u.id, 1, '{}'::jsonb
        FROM generate_series(1, ${students}::int) AS n JOIN users u ON lower(u.email) = ${STUDENT_EMAIL}
        ON CONFLICT DO NOTHING`.execute(db);
      await sql`UPDATE lms_courses SET student_count = (SELECT count(*) FROM lms_course_students WHERE account_id = ${accountId} AND course_id = ${completeCourseId})
        WHERE account_id = ${accountId} AND id = ${completeCourseId}`.execute(db);
      const studentIds = (
        await rows(db, sql<Row>`SELECT u.id FROM generate_series(1, ${students}::int) AS n JOIN users u ON lower(u.email) = ${STUDENT_EMAIL} ORDER BY n`)
      ).map((r) => r.id);
      const unitIds = (
        await rows(
          db,
          sql<Row>`SELECT id FROM lms_items WHERE account_id = ${accountId} AND course_id = ${completeCourseId} AND post_type = 'unit' ORDER BY position`,
        )
      ).map((r) => r.id);
      const [count] = await rows(db, sql<{ n: number }>`SELECT student_count AS n FROM lms_courses WHERE account_id = ${accountId} AND id = ${rosterCourseId}`);
      return { ownerId, studentIds, unitIds, rosterCourseId, completeCourseId, rosterStudents: Number(count?.n ?? 0) };
    }),
  );
  // The account row is cached with its features; the lms routes must see the add-on switched on.
  await kernel.accounts.invalidate(accountId);
  if (result.studentIds.length < students) throw new Error(`only ${result.studentIds.length} of ${students} bench students exist`);
  return { ...result, seedSeconds: seededRoster ? Math.round((Date.now() - started) / 100) / 10 : 0 };
}

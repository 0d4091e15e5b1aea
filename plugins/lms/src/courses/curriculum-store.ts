import { AppError } from '@lectern/sdk';
import type { LmsDb } from '../db/tables.js';
import { recomputeCourseProgress } from '../enrolment/course-progress.js';
import { LmsErrors } from '../errors.js';
import { EMPTY_DOCUMENT, checkDocument } from './document.js';
import { CourseErrors } from './errors.js';
import type { ItemCreateWire, ItemUpdateWire } from './schemas.js';
import { setCourseMeta } from './meta-store.js';
import { loadCurriculum, type CurriculumItem } from './read-model.js';

/** An item as the create body sends it. */
export type ItemInput = ItemCreateWire;

export interface ItemDetail extends CurriculumItem {
  document: Record<string, unknown>;
}

/**
 * The curriculum builder's writes. Callers hold the course row's lock (courseForEditor with
 * lock), so positions stay 1…n without gaps and the `curriculum` meta always lists the same ids
 * in the same order as the items table. Adding or removing an item recomputes every enrolled
 * student's stored progress in the same transaction.
 */

async function syncMeta(db: LmsDb, accountId: string, courseId: string): Promise<CurriculumItem[]> {
  const items = await loadCurriculum(db, accountId, courseId);
  await setCourseMeta(
    db,
    accountId,
    courseId,
    'curriculum',
    items.map((item) => item.id),
  );
  return items;
}

/** Writes positions 1…n in the given order (only the rows whose position changes). */
async function writeOrder(db: LmsDb, accountId: string, current: CurriculumItem[], order: string[]): Promise<void> {
  const positions = new Map(current.map((item) => [item.id, item.position]));
  for (const [index, id] of order.entries()) {
    if (positions.get(id) === index + 1) continue;
    await db
      .updateTable('lms_items')
      .set({ position: index + 1 })
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .execute();
  }
}

export const curriculumStore = {
  /** Appends an item to the end of the curriculum. */
  async add(db: LmsDb, accountId: string, courseId: string, input: ItemInput): Promise<string> {
    const current = await loadCurriculum(db, accountId, courseId);
    const position = current.reduce((max, item) => Math.max(max, item.position), 0) + 1;
    const { id } = await db
      .insertInto('lms_items')
      .values({
        account_id: accountId,
        course_id: courseId,
        post_type: input.post_type,
        title: input.title.trim(),
        position,
        document: checkDocument(input.document ?? EMPTY_DOCUMENT),
        settings: JSON.stringify(input.settings ?? {}),
        created_at: new Date(),
        updated_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await syncMeta(db, accountId, courseId);
    // A new unit, quiz or assignment changes every student's share of completed items.
    await recomputeCourseProgress(db, accountId, courseId);
    return id;
  },

  async get(db: LmsDb, accountId: string, courseId: string, itemId: string): Promise<ItemDetail> {
    const row = await db
      .selectFrom('lms_items')
      .select(['id', 'post_type', 'title', 'position', 'settings', 'document'])
      .where('account_id', '=', accountId)
      .where('course_id', '=', courseId)
      .where('id', '=', itemId)
      .executeTakeFirst();
    if (row === undefined) throw new AppError(LmsErrors.itemNotFound);
    return { ...row, settings: row.settings ?? {} };
  },

  /** Renames, replaces settings or the content document. */
  async update(db: LmsDb, accountId: string, courseId: string, itemId: string, input: ItemUpdateWire): Promise<void> {
    const changes: Record<string, unknown> = { updated_at: new Date() };
    if (input.title !== undefined) changes.title = input.title.trim();
    if (input.settings !== undefined) changes.settings = JSON.stringify(input.settings);
    if (input.document !== undefined) changes.document = checkDocument(input.document);
    const { numUpdatedRows } = await db
      .updateTable('lms_items')
      .set(changes)
      .where('account_id', '=', accountId)
      .where('course_id', '=', courseId)
      .where('id', '=', itemId)
      .executeTakeFirstOrThrow();
    if (numUpdatedRows === 0n) throw new AppError(LmsErrors.itemNotFound);
  },

  /** Deletes an item (its questions and submissions cascade) and closes the gap it leaves. */
  async remove(db: LmsDb, accountId: string, courseId: string, itemId: string): Promise<void> {
    const { numDeletedRows } = await db
      .deleteFrom('lms_items')
      .where('account_id', '=', accountId)
      .where('course_id', '=', courseId)
      .where('id', '=', itemId)
      .executeTakeFirstOrThrow();
    if (numDeletedRows === 0n) throw new AppError(LmsErrors.itemNotFound);
    const rest = await loadCurriculum(db, accountId, courseId);
    await writeOrder(
      db,
      accountId,
      rest,
      rest.map((item) => item.id),
    );
    await syncMeta(db, accountId, courseId);
    await recomputeCourseProgress(db, accountId, courseId);
  },

  /** Puts the items in the given order; the list must hold every item of the course exactly once. */
  async reorder(db: LmsDb, accountId: string, courseId: string, order: string[]): Promise<CurriculumItem[]> {
    const current = await loadCurriculum(db, accountId, courseId);
    const ids = new Set(current.map((item) => item.id));
    const given = new Set(order);
    if (order.length !== current.length || given.size !== order.length || order.some((id) => !ids.has(id))) {
      throw new AppError(CourseErrors.curriculumMismatch, `${CourseErrors.curriculumMismatch.message} (${current.length} items)`);
    }
    await writeOrder(db, accountId, current, order);
    return syncMeta(db, accountId, courseId);
  },
};

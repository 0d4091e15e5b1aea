import { appError, type DbHandle, type PluginContext } from '@lectern/sdk';
import { shopDb } from '../db/tables.js';
import { ShopErrors } from '../errors.js';
import { courseCatalogue } from '../fulfilment/courses.js';

/**
 * A level may only name this site's courses and its pages and posts. The request's transaction
 * runs under row-level security, so another account's rows are invisible here: "found in this
 * transaction" is "belongs to this account". Answers 400 membership_targets_unknown naming every id
 * that is not, so the owner sees at once which ones to drop.
 */
export async function checkLevelTargets(
  plugin: PluginContext,
  db: DbHandle,
  accountId: string,
  input: { course_ids?: string[]; content_ids?: string[] },
): Promise<void> {
  const courseIds = [...new Set(input.course_ids ?? [])];
  const contentIds = [...new Set(input.content_ids ?? [])];
  const badCourses = await unknownCourses(plugin, db, accountId, courseIds);
  const badContent = await unknownContent(db, accountId, contentIds);
  if (badCourses.length === 0 && badContent.length === 0) return;
  const parts = [
    badCourses.length === 0 ? null : `courses not on this site: ${badCourses.join(', ')}`,
    badContent.length === 0 ? null : `pages or posts not on this site: ${badContent.join(', ')}`,
  ].filter((part) => part !== null);
  throw appError(ShopErrors.membershipTargetsUnknown, `A membership level can only name this site's courses, pages and posts (${parts.join('; ')})`, {
    course_ids: badCourses,
    content_ids: badContent,
  });
}

/** Course ids the LMS does not know on this site (all of them where the LMS is not installed). */
async function unknownCourses(plugin: PluginContext, db: DbHandle, accountId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const catalogue = courseCatalogue(plugin);
  if (catalogue === null) return ids;
  const found = new Set((await catalogue.findMany(db, accountId, ids)).map((course) => course.id.toLowerCase()));
  return ids.filter((id) => !found.has(id.toLowerCase()));
}

async function unknownContent(db: DbHandle, accountId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await shopDb(db)
    .selectFrom('content_items')
    .select('id')
    .where('account_id', '=', accountId)
    .where('id', 'in', ids)
    .where('type', 'in', ['page', 'post'])
    .execute();
  const found = new Set(rows.map((row) => row.id.toLowerCase()));
  return ids.filter((id) => !found.has(id.toLowerCase()));
}

import type { BlockDataInput } from '@lectern/sdk';
import { courseStore } from '../../courses/course-store.js';
import { lmsDb } from '../../db/tables.js';
import { cardOf } from '../cards.js';
import { cardSlugOf, gridKey, gridSettings, type LmsBlockData } from './block-settings.js';

/**
 * Loads the published courses the page's grids and cards show: one list per distinct grid setting
 * and one query for all the cards.
 */
export async function loadBlockData({ db: anyDb, accountId, blocks, t }: BlockDataInput): Promise<LmsBlockData> {
  const db = lmsDb(anyDb);
  const data: LmsBlockData = { grids: {}, cards: {}, words: { empty: t('grid.empty') } };
  for (const block of blocks.filter((b) => b.type === 'CourseGrid')) {
    const settings = gridSettings(block.props);
    const key = gridKey(settings);
    if (key in data.grids) continue;
    const { items } = await courseStore.list(db, accountId, {
      publishedOnly: true,
      limit: settings.count,
      offset: 0,
      ...(settings.category === '' ? {} : { category: settings.category }),
    });
    data.grids[key] = items.map((item) => cardOf(item, t));
  }
  const slugs = [
    ...new Set(
      blocks
        .filter((b) => b.type === 'CourseCard')
        .map((b) => cardSlugOf(b.props))
        .filter((slug) => slug !== ''),
    ),
  ];
  for (const course of await courseStore.publishedBySlugs(db, accountId, slugs)) data.cards[course.slug] = cardOf(course, t);
  return data;
}

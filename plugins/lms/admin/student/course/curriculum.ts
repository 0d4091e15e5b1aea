import type { PlayerItem } from '../types';

/** Items a student opens (sections are only headings). */
export const isOpenable = (item: PlayerItem) => item.post_type !== 'section';

/** The first open item after `currentId` in course order, where "Next" leads; null at the end. */
export function nextOpenItem(items: readonly PlayerItem[], currentId: string): PlayerItem | null {
  const at = items.findIndex((item) => item.id === currentId);
  return items.slice(at + 1).find((item) => isOpenable(item) && !item.locked) ?? null;
}

/** Where the player opens without an item in the address: the server's `next`, else the first item. */
export function startingItem(items: readonly PlayerItem[], next: string | null): PlayerItem | null {
  return items.find((item) => item.id === next) ?? items.find(isOpenable) ?? null;
}

/** Every countable item is complete: the course can be finished. */
export const allComplete = (items: readonly PlayerItem[]) => items.filter(isOpenable).every((item) => item.complete);

/** Sections with the items under each; items before the first section form a group without a heading. */
export function groupBySection(items: readonly PlayerItem[]): Array<{ section: PlayerItem | null; items: PlayerItem[] }> {
  const groups: Array<{ section: PlayerItem | null; items: PlayerItem[] }> = [];
  for (const item of items) {
    if (item.post_type === 'section') groups.push({ section: item, items: [] });
    else {
      if (groups.length === 0) groups.push({ section: null, items: [] });
      groups.at(-1)!.items.push(item);
    }
  }
  return groups;
}

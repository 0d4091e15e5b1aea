import { Icon } from '@lectern/admin/kit';
import type { ItemType } from './types';

const TYPE_ICONS: Record<ItemType, string> = { section: 'folder', unit: 'book', quiz: 'help', assignment: 'pen' };

/** The curriculum item's kind at a glance; the title beside it says the rest. */
export function ItemTypeIcon({ type, label }: { type: ItemType; label: string }) {
  return <Icon name={TYPE_ICONS[type]} size={18} label={label} />;
}

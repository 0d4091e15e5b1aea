import { Icon } from '@lectern/admin/kit';
import type { ItemType } from './types';

const TYPE_ICONS: Record<ItemType, string> = { section: 'folder', unit: 'book', quiz: 'help', assignment: 'pen' };

/** The curriculum item's kind at a glance; the title beside it says the rest. */
export function ItemTypeIcon({ type, label }: { type: ItemType; label: string }) {
  return <Icon name={TYPE_ICONS[type]} size={18} label={label} />;
}

/** A padlock (the kit's icon set has none). */
export function LockIcon({ label, size = 16 }: { label?: string; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      role={label === undefined ? undefined : 'img'}
      aria-hidden={label === undefined ? true : undefined}
      aria-label={label}
    >
      <path d="M6 11h12v10H6zM8 11V7a4 4 0 0 1 8 0v4" />
    </svg>
  );
}

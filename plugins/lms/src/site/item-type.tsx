import type { PluginTranslate } from '@lectern/sdk';
import type { OutlineItem } from './types.js';

// Simple strokes drawn here (a page, a question mark in a circle, a pencil), in the text colour.
const PATHS: Record<OutlineItem['type'], string> = {
  unit: 'M6 3h9l3 3v15H6z M9 10h6 M9 14h6',
  quiz: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14 M12 17.5v.01',
  assignment: 'M4 20l4-1 11-11-3-3L5 16z M14 7l3 3',
};

/** An item's type as an icon and a word, so the outline reads the same without the icon. */
export function ItemType({ type, t }: { type: OutlineItem['type']; t: PluginTranslate }) {
  return (
    <span className="lms-outline__type" data-type={type}>
      <svg
        width="16"
        height="16"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
      >
        <path d={PATHS[type]} />
      </svg>
      {t(`itemType.${type}`)}
    </span>
  );
}

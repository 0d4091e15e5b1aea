import type { JSX } from 'react';
import { safeUrl } from '../safe-url.js';
import type { BlockPuck, FieldOption } from '../types.js';
import { text } from '../values.js';

export const ALIGNS = ['left', 'center', 'right'] as const;
export type Align = (typeof ALIGNS)[number];
export const ALIGN_OPTIONS: FieldOption[] = [
  { label: 'Left', value: 'left' },
  { label: 'Center', value: 'center' },
  { label: 'Right', value: 'right' },
];

export const BUTTON_STYLES = ['primary', 'secondary', 'outline', 'link'] as const;
export type ButtonStyle = (typeof BUTTON_STYLES)[number];

/** A link styled as a button; its href always goes through safeUrl. */
export function LinkButton({ label, url, variant = 'primary', newTab = false }: { label: unknown; url: unknown; variant?: ButtonStyle; newTab?: boolean }) {
  const caption = text(label).trim();
  if (caption === '') return null;
  return (
    <a className={`block-button block-button--${variant}`} href={safeUrl(url)} {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      {caption}
      {newTab ? <span className="block-sr-only"> (opens in a new tab)</span> : null}
    </a>
  );
}

/** Visitors see nothing for a block with nothing to show yet; the editor shows what to fill in. */
export function EmptyBlock({ puck, hint }: { puck: BlockPuck | undefined; hint: string }): JSX.Element {
  if (puck?.isEditing !== true) return <></>;
  return <div className="block-placeholder">{hint}</div>;
}

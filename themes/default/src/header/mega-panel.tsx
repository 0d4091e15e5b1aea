import type { CSSProperties } from 'react';
import type { MenuNode } from '../lib/site-settings.js';

/**
 * SPEC §3 mega menu: a grid of `columnCount` columns; each column spans colSpan × rowSpan cells and
 * holds rich text the kernel sanitized when the owner saved it.
 */
export function MegaPanel({ mega, id }: { mega: NonNullable<MenuNode['mega']>; id?: string }) {
  return (
    <div className="mega-panel" id={id} style={{ '--mega-columns': mega.columnCount } as CSSProperties} data-testid="mega-panel">
      {mega.columns.map((column, index) => (
        <div
          key={index}
          className="mega-panel__column"
          style={{ gridColumn: `span ${Math.min(column.colSpan, mega.columnCount)}`, gridRow: `span ${column.rowSpan}` }}
          dangerouslySetInnerHTML={{ __html: column.html }}
        />
      ))}
    </div>
  );
}

import { useEffect, type ReactNode } from 'react';

/**
 * The theme's stylesheets as text (its site styles and its blocks'), bundled into the editor's
 * chunk only. The preview frame gets them so blocks look as they will on the site; the dashboard's
 * own page never loads them (and its styles are not copied into the frame).
 */
const THEME_CSS = Object.entries(
  import.meta.glob<string>(['../../../../../themes/default/src/styles/**/*.css', '../../../../../themes/default/src/blocks/**/*.css'], {
    query: '?inline',
    import: 'default',
    eager: true,
  }),
)
  // Site styles first, then the blocks' (which build on them).
  .sort(([a], [b]) => Number(b.includes('/styles/')) - Number(a.includes('/styles/')) || a.localeCompare(b))
  .map(([, css]) => css)
  .join('\n');

const STYLE_ID = 'lectern-theme-css';

/**
 * Puck's `iframe` override: writes the theme's CSS into the preview frame's document. A module
 * constant, so Puck never remounts the preview for a new override. What blocks read while
 * rendering (BlockContext) reaches them through React context from around <Puck>.
 */
export function PreviewFrame({ children, document }: { children?: ReactNode; document?: Document }) {
  useEffect(() => {
    if (document === undefined || THEME_CSS === '' || document.getElementById(STYLE_ID) !== null) return;
    const style = document.createElement('style');
    style.id = STYLE_ID;
    style.textContent = THEME_CSS;
    document.head.appendChild(style);
  }, [document]);
  return <>{children}</>;
}

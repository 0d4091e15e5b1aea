/**
 * Puck's own interface strings we translate (its `dictionary` prop), by Puck's token. Our catalogue
 * holds them under content:editor.puck.<token>; Puck fills its single-brace placeholders
 * ({title}, {index}, {zoom}…) itself, so the catalogue keeps those as they are.
 */
export const PUCK_TOKENS = [
  'header-undo',
  'header-redo',
  'header-toggle-leftsidebar',
  'header-toggle-rightsidebar',
  'header-toggle-menubar',
  'action-selectparent',
  'action-duplicate',
  'action-delete',
  'label-page',
  'label-component',
  'outline-empty',
  'outline-item-collapse',
  'outline-item-expand',
  'outline-header-title',
  'outline-header-collapseall',
  'outline-item-duplicate',
  'outline-item-delete',
  'drawer-category-collapse',
  'drawer-category-expand',
  'drawer-category-other',
  'canvas-noconfig',
  'field-readonly',
  'field-arrayitem-summary',
  'field-arrayitem-duplicate',
  'field-arrayitem-delete',
  'field-richtext-bold',
  'field-richtext-italic',
  'field-richtext-underline',
  'field-richtext-strikethrough',
  'field-richtext-blockquote',
  'field-richtext-code-inline',
  'field-richtext-code-block',
  'field-richtext-list-bullet',
  'field-richtext-list-ordered',
  'field-richtext-horizontalrule',
  'field-richtext-align-left',
  'field-richtext-align-center',
  'field-richtext-align-right',
  'field-richtext-align-justify',
  'field-richtext-select',
  'field-richtext-headingselect-1',
  'field-richtext-headingselect-2',
  'field-richtext-headingselect-3',
  'field-richtext-headingselect-4',
  'field-richtext-headingselect-5',
  'field-richtext-headingselect-6',
  'field-richtext-alignselect-left',
  'field-richtext-alignselect-center',
  'field-richtext-alignselect-right',
  'field-richtext-alignselect-justify',
  'field-richtext-listselect-bullet',
  'field-richtext-listselect-ordered',
  'viewport-zoom-in',
  'viewport-zoom-out',
  'viewport-zoom-auto',
  'viewport-toggle-menu',
  'viewport-switch',
  'viewport-switch-default',
  'plugin-blocks',
  'plugin-outline',
  'plugin-fields',
  'plugin-components',
  'layout-maximize',
  'layout-minimize',
  'loader-loading',
] as const;

/** Puck's dictionary in the reader's language (tokens we have no text for keep Puck's English). */
export function puckDictionary(t: (key: string, options: { defaultValue: string }) => string): Record<string, string> {
  const dictionary: Record<string, string> = {};
  for (const token of PUCK_TOKENS) {
    const text = t(`editor.puck.${token}`, { defaultValue: '' });
    if (text !== '') dictionary[token] = text;
  }
  return dictionary;
}

import { isValidElement } from 'react';
import type { BlockConfig } from '../types.js';
import { text } from '../values.js';

export type RichTextProps = { html: string };

export const richText: BlockConfig<RichTextProps> = {
  label: 'Rich text',
  fields: { html: { type: 'richtext', label: 'Text' } },
  defaultProps: { html: '<p>Write your text here. Use headings, lists and links to make it easy to read.</p>' },
  render: ({ html }) => {
    // In the editor Puck hands over its own inline editor element instead of the HTML string.
    if (isValidElement(html)) return <div className="block-richtext">{html}</div>;
    // Stored `html` props are sanitised when saved (core's sanitizeDocument): the one place HTML is injected.
    return <div className="block-richtext" dangerouslySetInnerHTML={{ __html: text(html) }} />;
  },
};

import type { BlockConfig } from '../types.js';
import { oneOf, text } from '../values.js';
import { ALIGN_OPTIONS, ALIGNS, EmptyBlock, type Align } from './shared.js';

const LEVELS = ['h1', 'h2', 'h3', 'h4'] as const;

export type HeadingProps = { text: string; level: (typeof LEVELS)[number]; align: Align };

export const heading: BlockConfig<HeadingProps> = {
  label: 'Heading',
  fields: {
    text: { type: 'text', label: 'Text' },
    level: { type: 'select', label: 'Level', options: LEVELS.map((level) => ({ label: level.toUpperCase(), value: level })) },
    align: { type: 'radio', label: 'Alignment', options: ALIGN_OPTIONS },
  },
  defaultProps: { text: 'A section heading', level: 'h2', align: 'left' },
  render: (props) => {
    const Tag = oneOf(props.level, LEVELS, 'h2');
    const content = text(props.text).trim();
    // An empty heading would still be announced by screen readers.
    if (content === '') return <EmptyBlock puck={props.puck} hint="Type a heading." />;
    return <Tag className={`block-heading block-align-${oneOf(props.align, ALIGNS, 'left')}`}>{content}</Tag>;
  },
};

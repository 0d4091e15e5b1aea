import { Fragment } from 'react';
import type { BlockConfig, SlotComponent, SlotContent } from '../types.js';
import { oneOf } from '../values.js';

const COUNTS = [2, 3, 4] as const;
const GAPS = ['none', 'small', 'medium', 'large'] as const;

export type ColumnsProps = {
  columns: (typeof COUNTS)[number];
  gap: (typeof GAPS)[number];
  column1: SlotContent;
  column2: SlotContent;
  column3: SlotContent;
  column4: SlotContent;
};

export const columns: BlockConfig<ColumnsProps> = {
  label: 'Columns',
  fields: {
    columns: { type: 'select', label: 'Columns', options: COUNTS.map((count) => ({ label: String(count), value: count })) },
    gap: {
      type: 'select',
      label: 'Space between',
      options: [
        { label: 'None', value: 'none' },
        { label: 'Small', value: 'small' },
        { label: 'Medium', value: 'medium' },
        { label: 'Large', value: 'large' },
      ],
    },
    column1: { type: 'slot', label: 'Column 1' },
    column2: { type: 'slot', label: 'Column 2' },
    column3: { type: 'slot', label: 'Column 3' },
    column4: { type: 'slot', label: 'Column 4' },
  },
  defaultProps: { columns: 2, gap: 'medium', column1: [], column2: [], column3: [], column4: [] },
  render: (props) => {
    const count = oneOf(props.columns, COUNTS, 2);
    const cells = [props.column1, props.column2, props.column3, props.column4].slice(0, count);
    return (
      <div className={`block-columns block-columns--${count} block-columns--gap-${oneOf(props.gap, GAPS, 'medium')}`}>
        {cells.map((cell, index) => (
          // Puck and RenderDocument pass each slot as a function that draws its blocks in a wrapper.
          <Fragment key={index}>
            {typeof cell === 'function' ? (cell as SlotComponent)({ className: 'block-columns__cell' }) : <div className="block-columns__cell" />}
          </Fragment>
        ))}
      </div>
    );
  },
};

import type { BlockConfig } from '../types.js';
import { integer } from '../values.js';

export type SpacerProps = { height: number };

export const spacer: BlockConfig<SpacerProps> = {
  label: 'Spacer',
  fields: { height: { type: 'number', label: 'Height in pixels', min: 0, max: 480, step: 8 } },
  defaultProps: { height: 48 },
  render: (props) => <div className="block-spacer" style={{ height: `${integer(props.height, 48, 0, 480)}px` }} aria-hidden="true" />,
};

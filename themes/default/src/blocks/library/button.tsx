import type { BlockConfig } from '../types.js';
import { flag, oneOf } from '../values.js';
import { ALIGN_OPTIONS, ALIGNS, BUTTON_STYLES, LinkButton, type Align, type ButtonStyle } from './shared.js';

export type ButtonProps = { label: string; url: string; style: ButtonStyle; newTab: boolean; align: Align };

export const button: BlockConfig<ButtonProps> = {
  label: 'Button',
  fields: {
    label: { type: 'text', label: 'Label' },
    url: { type: 'text', label: 'Link' },
    style: {
      type: 'select',
      label: 'Style',
      options: [
        { label: 'Primary', value: 'primary' },
        { label: 'Secondary', value: 'secondary' },
        { label: 'Outline', value: 'outline' },
        { label: 'Text link', value: 'link' },
      ],
    },
    newTab: {
      type: 'radio',
      label: 'Open in',
      options: [
        { label: 'This tab', value: false },
        { label: 'A new tab', value: true },
      ],
    },
    align: { type: 'radio', label: 'Alignment', options: ALIGN_OPTIONS },
  },
  defaultProps: { label: 'Learn more', url: '/blog', style: 'primary', newTab: false, align: 'left' },
  render: (props) => (
    <div className={`block-button-row block-align-${oneOf(props.align, ALIGNS, 'left')}`}>
      <LinkButton label={props.label} url={props.url} variant={oneOf(props.style, BUTTON_STYLES, 'primary')} newTab={flag(props.newTab)} />
    </div>
  ),
};

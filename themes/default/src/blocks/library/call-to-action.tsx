import type { BlockConfig } from '../types.js';
import { text } from '../values.js';
import { LinkButton } from './shared.js';

export type CallToActionProps = { title: string; text: string; buttonLabel: string; buttonUrl: string };

export const callToAction: BlockConfig<CallToActionProps> = {
  label: 'Call to action',
  fields: {
    title: { type: 'text', label: 'Title' },
    text: { type: 'textarea', label: 'Text' },
    buttonLabel: { type: 'text', label: 'Button label' },
    buttonUrl: { type: 'text', label: 'Button link' },
  },
  defaultProps: {
    title: 'Ready to start?',
    text: 'Create your free account and begin your first lesson in minutes.',
    buttonLabel: 'Sign up',
    buttonUrl: '/signup',
  },
  render: (props) => {
    const title = text(props.title).trim();
    const body = text(props.text).trim();
    return (
      <section className="block-cta">
        {title === '' ? null : <h2 className="block-cta__title">{title}</h2>}
        {body === '' ? null : <p className="block-cta__text">{body}</p>}
        <LinkButton label={props.buttonLabel} url={props.buttonUrl} />
      </section>
    );
  },
};

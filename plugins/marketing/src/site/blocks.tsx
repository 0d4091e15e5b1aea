import { islandAttributes } from '@lectern/sdk/site';
import { formBlockDataOf, formRefOf, type FormIslandProps } from './form-data.js';
import { formField } from './form-picker.js';
import { FormView } from './form-view.js';

/** The `puck` prop blocks read: the page's plugin data arrives as metadata (none in the editor). */
interface PuckProp {
  metadata?: { pluginData?: Record<string, unknown> };
}

const titleOf = (value: unknown): string =>
  typeof value === 'object' && value !== null && typeof (value as { title?: unknown }).title === 'string' ? (value as { title: string }).title : '';

/** A form's ids on the page: its own, so two copies of one form do not share them. */
export const formIdPrefix = (formId: string) => `mk-${formId.slice(0, 8)}`;

/**
 * A form on a page: drawn by the server as it will look (labels, fields, the send button) inside
 * the `form` island, which takes over to check and send the answers. A form taken down or deleted
 * leaves no hole; the editor (no page data) says which form the block shows.
 */
function FormBlock({ form, heading, puck }: { form?: unknown; heading?: string; puck?: PuckProp }) {
  const id = formRefOf(form);
  const data = formBlockDataOf(puck?.metadata?.pluginData);
  if (data === null)
    return (
      <div
        className="mk-form-placeholder"
        data-testid="form-block-placeholder"
        style={{ padding: '1rem', border: '1px dashed currentColor', borderRadius: '0.5rem' }}
      >
        {id === null ? 'Form: choose a published form' : `Form: ${titleOf(form) || id}`}
      </div>
    );
  const site = id === null ? undefined : data.forms[id];
  if (site === undefined) return null;
  const props: FormIslandProps = { form: site, words: data.words, heading: typeof heading === 'string' ? heading.slice(0, 200) : '' };
  return (
    <div className="container mk-form-slot" data-testid="form-block" {...islandAttributes('marketing', 'form', props)}>
      <FormView {...props} idPrefix={formIdPrefix(site.id)} values={{}} trap="" errors={{}} status="idle" failure={null} />
    </div>
  );
}

/** The marketing plugin's Puck blocks (the visual editor and the site draw the same configs). */
export const marketingBlocks = {
  MarketingForm: {
    label: 'Form',
    fields: { form: formField('Form'), heading: { type: 'text', label: 'Heading' } },
    defaultProps: { form: null, heading: '' },
    render: FormBlock,
  },
} as const;

export const marketingBlockCategories = {
  marketing: { title: 'Marketing', components: ['MarketingForm'] },
};

import type { BlockConfig } from '../types.js';
import { records, text } from '../values.js';

export type FeatureItem = { title: string; text: string };
export type FeaturesProps = { title: string; items: FeatureItem[] };

const MAX_ITEMS = 12;

export const features: BlockConfig<FeaturesProps> = {
  label: 'Features',
  fields: {
    title: { type: 'text', label: 'Title' },
    items: {
      type: 'array',
      label: 'Features',
      max: MAX_ITEMS,
      arrayFields: { title: { type: 'text', label: 'Title' }, text: { type: 'textarea', label: 'Text' } },
      defaultItemProps: { title: 'A feature', text: 'Say in a sentence why it matters.' },
      getItemSummary: (item) => text(item.title) || 'Feature',
    },
  },
  defaultProps: {
    title: 'Why learn with us',
    items: [
      { title: 'Learn at your pace', text: 'Start, pause and pick up again whenever it suits you.' },
      { title: 'Practical lessons', text: 'Short lessons with examples you can use right away.' },
      { title: 'A helpful community', text: 'Ask questions and share what you build with others.' },
    ],
  },
  render: (props) => {
    const title = text(props.title).trim();
    const items = records(props.items, MAX_ITEMS);
    return (
      <section className="block-features">
        {title === '' ? null : <h2 className="block-features__title">{title}</h2>}
        <ul className="block-features__list">
          {items.map((item, index) => (
            <li key={index} className="block-features__item">
              {text(item.title).trim() === '' ? null : <h3>{text(item.title)}</h3>}
              {text(item.text).trim() === '' ? null : <p>{text(item.text)}</p>}
            </li>
          ))}
        </ul>
      </section>
    );
  },
};

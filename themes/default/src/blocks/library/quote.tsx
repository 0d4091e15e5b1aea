import type { BlockConfig } from '../types.js';
import { text } from '../values.js';
import { EmptyBlock } from './shared.js';

export type QuoteProps = { text: string; author: string };

export const quote: BlockConfig<QuoteProps> = {
  label: 'Quote',
  fields: {
    text: { type: 'textarea', label: 'Quote' },
    author: { type: 'text', label: 'Author' },
  },
  defaultProps: { text: 'The beautiful thing about learning is that nobody can take it away from you.', author: 'B. B. King' },
  render: (props) => {
    const author = text(props.author).trim();
    const words = text(props.text).trim();
    if (words === '') return <EmptyBlock puck={props.puck} hint="Type the quote." />;
    return (
      <figure className="block-quote">
        <blockquote>
          <p>{words}</p>
        </blockquote>
        {author === '' ? null : <figcaption>— {author}</figcaption>}
      </figure>
    );
  },
};

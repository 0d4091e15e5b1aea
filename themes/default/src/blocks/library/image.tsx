import { ResponsiveImage } from '../responsive-image.js';
import type { BlockConfig } from '../types.js';
import { integer, text } from '../values.js';
import { EmptyBlock } from './shared.js';

export type ImageProps = { src: string; alt: string; caption: string; maxWidth: number };

export const image: BlockConfig<ImageProps> = {
  label: 'Image',
  fields: {
    src: { type: 'text', label: 'Image' },
    alt: { type: 'text', label: 'Alternative text (describe the image for people who cannot see it)' },
    caption: { type: 'text', label: 'Caption' },
    maxWidth: { type: 'number', label: 'Maximum width in pixels (0 = full width)', min: 0, max: 3840, step: 10 },
  },
  defaultProps: { src: '', alt: '', caption: '', maxWidth: 960 },
  render: (props) => {
    const src = text(props.src).trim();
    if (src === '') return <EmptyBlock puck={props.puck} hint="Choose an image from the media library." />;
    const maxWidth = integer(props.maxWidth, 960, 0, 3840);
    const caption = text(props.caption).trim();
    return (
      <figure className="block-image" style={maxWidth > 0 ? { maxWidth: `${maxWidth}px` } : undefined}>
        <ResponsiveImage src={src} alt={text(props.alt)} sizes={maxWidth > 0 ? `(max-width: ${maxWidth}px) 100vw, ${maxWidth}px` : '100vw'} />
        {caption === '' ? null : <figcaption>{caption}</figcaption>}
      </figure>
    );
  },
};

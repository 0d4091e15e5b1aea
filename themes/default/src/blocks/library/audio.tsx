import { useBlockContext } from '../block-context.js';
import { mediaSource } from '../media-source.js';
import type { BlockConfig } from '../types.js';
import { text } from '../values.js';
import { EmptyBlock } from './shared.js';

export type AudioProps = { url: string; title: string };

export const audio: BlockConfig<AudioProps> = {
  label: 'Audio',
  fields: {
    url: { type: 'text', label: 'Audio file' },
    title: { type: 'text', label: 'Title' },
  },
  defaultProps: { url: '', title: 'Listen' },
  render: function AudioBlock(props) {
    const { storageUrl } = useBlockContext();
    const source = mediaSource(props.url, storageUrl);
    if (source === null) return <EmptyBlock puck={props.puck} hint="Choose an audio file from the media library." />;
    const title = text(props.title).trim();
    return (
      <figure className="block-audio">
        {title === '' ? null : <figcaption>{title}</figcaption>}
        <audio src={source.src} controls preload="metadata" aria-label={title || 'Audio'}>
          <a href={source.src}>Download the audio</a>
        </audio>
      </figure>
    );
  },
};

import { useBlockContext } from '../block-context.js';
import { mediaSource } from '../media-source.js';
import { imageUrl } from '../responsive-image.js';
import type { BlockConfig } from '../types.js';
import { videoSource } from '../video-source.js';
import { text } from '../values.js';
import { EmptyBlock } from './shared.js';

export type VideoProps = { url: string; title: string; poster: string };

/** What embedded players may do: play, go full screen, picture-in-picture; nothing else. */
const PLAYER_ALLOW = 'autoplay; encrypted-media; fullscreen; picture-in-picture';

export const video: BlockConfig<VideoProps> = {
  label: 'Video',
  fields: {
    url: { type: 'text', label: 'YouTube or Vimeo link, or a video file' },
    title: { type: 'text', label: 'Title (read out by screen readers)' },
    poster: { type: 'text', label: 'Poster image (video files only)' },
  },
  defaultProps: { url: '', title: 'Video', poster: '' },
  render: function VideoBlock(props) {
    const { storageUrl } = useBlockContext();
    const source = videoSource(props.url, storageUrl);
    if (source === null) return <EmptyBlock puck={props.puck} hint="Paste a YouTube or Vimeo link, or choose a video file." />;
    const title = text(props.title).trim() || 'Video';
    if (source.kind === 'embed') {
      return (
        <figure className="block-video">
          <div className="block-video__frame">
            <iframe src={source.src} title={title} loading="lazy" allow={PLAYER_ALLOW} allowFullScreen referrerPolicy="strict-origin-when-cross-origin" />
          </div>
        </figure>
      );
    }
    const poster = mediaSource(props.poster, storageUrl);
    return (
      <figure className="block-video">
        <video
          className="block-video__file"
          src={source.src}
          poster={poster === null ? undefined : poster.storageKey === null ? poster.src : imageUrl(poster.storageKey, 1920)}
          controls
          preload="metadata"
          playsInline
          aria-label={title}
        >
          <a href={source.src}>Download the video</a>
        </video>
      </figure>
    );
  },
};

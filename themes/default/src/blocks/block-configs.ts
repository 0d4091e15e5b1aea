import { audio } from './library/audio.js';
import { button } from './library/button.js';
import { callToAction } from './library/call-to-action.js';
import { columns } from './library/columns.js';
import { features } from './library/features.js';
import { heading } from './library/heading.js';
import { hero } from './library/hero.js';
import { image } from './library/image.js';
import { postList } from './library/post-list.js';
import { quote } from './library/quote.js';
import { richText } from './library/rich-text.js';
import { spacer } from './library/spacer.js';
import { video } from './library/video.js';

/** The theme's blocks by the type name stored in documents. Renaming a key orphans stored blocks. */
export const blockConfigs = {
  Hero: hero,
  Heading: heading,
  RichText: richText,
  Image: image,
  Button: button,
  Columns: columns,
  Spacer: spacer,
  Video: video,
  Audio: audio,
  PostList: postList,
  Features: features,
  Quote: quote,
  CallToAction: callToAction,
};

export type BlockType = keyof typeof blockConfigs;

/** The editor's side panel, grouped the way owners look for blocks. */
export const blockCategories = {
  layout: { title: 'Layout', components: ['Columns', 'Spacer'] },
  text: { title: 'Text', components: ['Heading', 'RichText', 'Quote'] },
  media: { title: 'Media', components: ['Image', 'Video', 'Audio'] },
  marketing: { title: 'Marketing', components: ['Hero', 'Features', 'CallToAction', 'Button'] },
  blog: { title: 'Blog', components: ['PostList'] },
} satisfies Record<string, { title: string; components: BlockType[] }>;

/** Props holding an image or media URL, per block: the admin offers the media library for these. */
export const mediaFields: Record<BlockType, string[]> = {
  Hero: ['backgroundImage'],
  Heading: [],
  RichText: [],
  Image: ['src'],
  Button: [],
  Columns: [],
  Spacer: [],
  Video: ['url', 'poster'],
  Audio: ['url'],
  PostList: [],
  Features: [],
  Quote: [],
  CallToAction: [],
};

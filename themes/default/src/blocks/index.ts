/**
 * The theme's Puck blocks: one component config per block (fields, defaults, render), shared by
 * the admin's visual editor and the server/browser renderer of stored documents. Nothing here
 * imports Puck, so public pages never ship it.
 *
 * - `blockConfigs`: Record<blockType, BlockConfig> — Puck ComponentConfig-compatible objects whose
 *   `render` is a plain React component.
 * - `blockCategories`: Puck `categories` for the editor's side panel.
 * - `mediaFields`: per block type, the props that hold an image/media URL (media-library pickers).
 * - `RenderDocument`: draws a stored Puck document (content, legacy zones, slot fields).
 * - `withPluginBlocks`: the theme's blocks plus a plugin's (ThemeExtensions.blocks), for RenderDocument.
 * - `BlockContext` / `BlockContextProvider` / `useBlockContext`: what blocks read at render time
 *   (recent posts, site URL, storage URL).
 * - `safeUrl`, `ResponsiveImage`, `imageUrl`, `IMAGE_WIDTHS`, `IMAGE_QUALITY`.
 */
export { blockConfigs, blockCategories, mediaFields, type BlockType } from './block-configs.js';
export { BlockContext, BlockContextProvider, useBlockContext, type BlockContextValue } from './block-context.js';
export { safeUrl } from './safe-url.js';
export { mediaSource, type MediaSource } from './media-source.js';
export { ResponsiveImage, imageUrl, IMAGE_WIDTHS, IMAGE_QUALITY, type ResponsiveImageProps } from './responsive-image.js';
export { videoSource, type VideoSource } from './video-source.js';
export { RenderDocument, MAX_BLOCK_DEPTH, type RenderDocumentProps, type RootRender } from './render-document.js';
export { withPluginBlocks } from './plugin-blocks.js';
export type { AnyBlockConfig, BlockConfig, BlockData, BlockField, BlockPuck, BlockRenderProps, SlotComponent, SlotContent, SlotOptions } from './types.js';
export type { HeroProps } from './library/hero.js';
export type { HeadingProps } from './library/heading.js';
export type { RichTextProps } from './library/rich-text.js';
export type { ImageProps } from './library/image.js';
export type { ButtonProps } from './library/button.js';
export type { ColumnsProps } from './library/columns.js';
export type { SpacerProps } from './library/spacer.js';
export type { VideoProps } from './library/video.js';
export type { AudioProps } from './library/audio.js';
export type { PostListProps } from './library/post-list.js';
export type { FeaturesProps, FeatureItem } from './library/features.js';
export type { QuoteProps } from './library/quote.js';
export type { CallToActionProps } from './library/call-to-action.js';

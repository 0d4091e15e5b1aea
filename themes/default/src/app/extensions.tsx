import { createContext, useContext, type ReactNode } from 'react';
import type { SiteComponent, ThemeExtensions } from '@lectern/sdk';
import { blockConfigs } from '../blocks/block-configs.js';
import { withPluginBlocks } from '../blocks/plugin-blocks.js';
import type { AnyBlockConfig } from '../blocks/types.js';

/** What the account's plugins add, as the server-drawn parts use it. */
export interface SiteExtensions {
  /** Plugin route views, keyed 'plugin/view'. */
  views: ReadonlyMap<string, SiteComponent>;
  /** The blocks stored documents may use: the theme's and the plugins'. */
  blocks: Readonly<Record<string, AnyBlockConfig>>;
}

const NO_VIEWS: ReadonlyMap<string, SiteComponent> = new Map();

export const NO_EXTENSIONS: SiteExtensions = { views: NO_VIEWS, blocks: blockConfigs };

/** The kernel's ThemeExtensions (absent for a kernel that has no plugins) for the theme's renderers. */
export function siteExtensions(extensions: ThemeExtensions | undefined): SiteExtensions {
  if (extensions === undefined) return NO_EXTENSIONS;
  const views = typeof extensions.views?.get === 'function' ? extensions.views : NO_VIEWS;
  return { views, blocks: withPluginBlocks(extensions.blocks) };
}

const ExtensionsContext = createContext<SiteExtensions>(NO_EXTENSIONS);

/** Only server-drawn parts read this (documents, plugin pages); the browser keeps what they drew. */
export function ExtensionsProvider({ value, children }: { value: SiteExtensions; children?: ReactNode }) {
  return <ExtensionsContext.Provider value={value}>{children}</ExtensionsContext.Provider>;
}

export function useExtensions(): SiteExtensions {
  return useContext(ExtensionsContext);
}

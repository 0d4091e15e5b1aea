import type { ReactNode } from 'react';
import type { Root } from 'react-dom/client';
import { mountPluginIslands as mountWithProvider, type IslandLog, type IslandSession, type PluginClientLoaders } from '@lectern/sdk/site';
import type { PagePayload } from './page-payload.js';
import { SiteProvider } from './site-context.js';

/**
 * Plugins' browser islands are the SDK's (@lectern/sdk/site: types, loaders, the mounting); this
 * theme only says what surrounds each root: its SiteProvider of the page's payload.
 */
export {
  PLUGIN_GLOBAL_ATTRIBUTE,
  type IslandProps,
  type IslandSession,
  type GlobalProps,
  type PluginClientModule,
  type PluginClientLoaders,
  type IslandLog,
} from '@lectern/sdk/site';

export interface MountIslandsInput {
  /** The page's payload: its data, the language's messages and the render time, for SiteProvider. */
  payload: PagePayload;
  loaders: PluginClientLoaders;
  /** Defaults to a session that is always signed out. */
  session?: IslandSession;
  /** Defaults to the global document. */
  document?: Document;
  log?: IslandLog;
}

/** The SDK's mountPluginIslands with this theme's SiteProvider around every island and global part. */
export function mountPluginIslands({ payload, ...rest }: MountIslandsInput): Promise<Root[]> {
  const Provider = ({ children }: { children: ReactNode }) => <SiteProvider payload={payload}>{children}</SiteProvider>;
  return mountWithProvider({ ...rest, page: payload.data, Provider });
}

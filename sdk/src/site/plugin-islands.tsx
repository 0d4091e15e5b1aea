import type { ComponentType, ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { ISLAND_ATTRIBUTE, readIsland, type SitePageData } from '@lectern/core/site';
import { registerSiteExtensions, type SiteExtensionPoints } from './extension-points.js';

/**
 * The signed-in member's session as plugin code may use it: an API call that needs the member
 * (POST /api/ecommerce/checkout) sends this token as `Authorization: Bearer …` (the session cookie
 * only signs page loads). null when signed out.
 */
export interface IslandSession {
  accessToken(): Promise<string | null>;
}

/**
 * What an island component gets: the props the server view wrote, the whole page data and the
 * session. It is drawn inside the theme's provider, so `useSite()` and `useSiteUi()` work.
 */
export interface IslandProps {
  props: unknown;
  page: SitePageData;
  session: IslandSession;
}

/** What a plugin's page-wide part gets (a cart modal opened from the header); also inside SiteProvider. */
export interface GlobalProps {
  page: SitePageData;
  session: IslandSession;
}

/** A plugin's browser module: the file its package.json's `lectern.site.client` names. */
export interface PluginClientModule {
  /** Island components by name: `islandAttributes('<plugin>', '<name>', props)` marks where they go. */
  islands?: Record<string, ComponentType<IslandProps>>;
  /** Mounted once per page, after the page's islands, in an element of its own at the end of <body>. */
  global?: ComponentType<GlobalProps>;
  /** UI for places in the theme's chrome (the header's action row), drawn by the theme's SiteSlot. */
  extensions?: SiteExtensionPoints;
}

/** Loaders of plugins' browser modules by plugin name (each its own chunk). */
export type PluginClientLoaders = Readonly<Record<string, () => Promise<PluginClientModule>>>;

/** Marks the element a plugin's `global` part is drawn in. */
export const PLUGIN_GLOBAL_ATTRIBUTE = 'data-lectern-plugin-global';

/** Where problems go: the console in a browser, a spy in tests. */
export interface IslandLog {
  warn(message: string, ...details: unknown[]): void;
  error(message: string, ...details: unknown[]): void;
}

// A missing or broken plugin module is the plugin's problem, not the visitor's: it is reported, never thrown.
const consoleLog: IslandLog = console;

const SIGNED_OUT: IslandSession = { accessToken: async () => null };

export interface MountIslandsInput {
  /** The page's data (which plugins are on, what islands get). */
  page: SitePageData;
  /** The theme's provider around each root made (site context and SiteUi): roots cannot see the page's. */
  Provider: ComponentType<{ children: ReactNode }>;
  loaders: PluginClientLoaders;
  /** Defaults to a session that is always signed out. */
  session?: IslandSession;
  /** Defaults to the global document. */
  document?: Document;
  log?: IslandLog;
}

/** One plugin's island elements, in document order; islands inside another island belong to the outer one. */
function islandElementsOf(doc: Document, plugin: string): Array<{ element: Element; island: string; props: unknown }> {
  const found: Array<{ element: Element; island: string; props: unknown }> = [];
  for (const element of doc.querySelectorAll(`[${ISLAND_ATTRIBUTE}]`)) {
    // The outer island's component replaces everything drawn inside it, nested markers included.
    if (element.parentElement?.closest(`[${ISLAND_ATTRIBUTE}]`)) continue;
    const mark = readIsland(element);
    if (mark !== null && mark.plugin === plugin) found.push({ element, island: mark.island, props: mark.props });
  }
  return found;
}

/**
 * Loads the browser modules of the page's plugins (those on for the account that ship one) and
 * mounts their islands over the server's fallbacks, plus each plugin's `global` part, each inside the
 * theme's Provider (its own root cannot see the page's provider), and registers each plugin's
 * `extensions` for the theme's SiteSlots. Runs after
 * hydration: islands sit in server-drawn HTML (ServerSlot content) that React never touches again,
 * so each gets a root of its own. Resolves with the roots made (for unmounting) once every plugin
 * is done; a module that fails to load is reported and the page goes on without it.
 */
export async function mountPluginIslands({
  page,
  Provider,
  loaders,
  session = SIGNED_OUT,
  document: doc = document,
  log = consoleLog,
}: MountIslandsInput): Promise<Root[]> {
  const roots: Root[] = [];
  // useId values of separate roots would collide without a prefix of their own.
  const rootIn = (element: Element) => {
    const root = createRoot(element, { identifierPrefix: `island${roots.length}-` });
    roots.push(root);
    return root;
  };
  const plugins = page.shell.plugins.filter((name) => Object.hasOwn(loaders, name));
  await Promise.all(
    plugins.map(async (plugin) => {
      let module: PluginClientModule;
      try {
        module = await loaders[plugin]!();
      } catch (error) {
        log.error(`Plugin "${plugin}": its browser module failed to load; its islands stay as the server drew them.`, error);
        return;
      }
      for (const { element, island, props } of islandElementsOf(doc, plugin)) {
        const Island = module.islands?.[island];
        if (Island === undefined) {
          log.warn(`Plugin "${plugin}" has no island "${island}"; it stays as the server drew it.`);
          continue;
        }
        rootIn(element).render(
          <Provider>
            <Island props={props} page={page} session={session} />
          </Provider>,
        );
      }
      if (module.extensions !== undefined) registerSiteExtensions(plugin, module.extensions);
      const Global = module.global;
      if (Global !== undefined) {
        const host = doc.createElement('div');
        host.setAttribute(PLUGIN_GLOBAL_ATTRIBUTE, plugin);
        doc.body.appendChild(host);
        rootIn(host).render(
          <Provider>
            <Global page={page} session={session} />
          </Provider>,
        );
      }
    }),
  );
  return roots;
}

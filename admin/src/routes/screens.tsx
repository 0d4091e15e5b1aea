import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import pluginAdminModules from 'virtual:lectern-plugins/admin';
import type { MenuItem } from '../api/bootstrap';

type Screen = LazyExoticComponent<ComponentType>;

/** The kernel's screens by menu entry id; each is its own chunk, loaded on first visit. */
const KERNEL_SCREENS: Record<string, Screen> = {
  home: lazy(() => import('../screens/Home')),
  notifications: lazy(() => import('../screens/Notifications')),
  billing: lazy(() => import('../screens/Billing')),
  app: lazy(() => import('../screens/AppSettings')),
  setup: lazy(() => import('../screens/Setup')),
  addons: lazy(() => import('../screens/Addons')),
  reports: lazy(() => import('../screens/Reports')),
  tickets: lazy(() => import('../screens/Tickets')),
  profile: lazy(() => import('../screens/Profile')),
  'manage.site': lazy(() => import('../screens/SiteSettings')),
  pages: lazy(() => import('../screens/content/Pages')),
  posts: lazy(() => import('../screens/content/Posts')),
  media: lazy(() => import('../screens/media/Media')),
  'new-page': lazy(() => import('../screens/content/NewPage')),
  'new-post': lazy(() => import('../screens/content/NewPost')),
  'upload-media': lazy(() => import('../screens/media/Media')),
  'super.pages': lazy(() => import('../screens/content/Pages')),
  'super.posts': lazy(() => import('../screens/content/Posts')),
  'super.docs': lazy(() => import('../screens/content/Docs')),
  'manage.users': lazy(() => import('../screens/Users')),
  manage: lazy(() => import('../screens/Manage')),
  'super.home': lazy(() => import('../screens/super/PlatformHome')),
  'super.notifications': lazy(() => import('../screens/Notifications')),
  'super.accounts': lazy(() => import('../screens/super/Accounts')),
  'super.owners': lazy(() => import('../screens/super/Owners')),
  'super.customers': lazy(() => import('../screens/super/Customers')),
  'super.updates': lazy(() => import('../screens/super/Updates')),
  'super.tickets': lazy(() => import('../screens/super/PlatformTickets')),
  'super.plugins': lazy(() => import('../screens/super/Plugins')),
  'super.crons': lazy(() => import('../screens/super/Crons')),
};

/**
 * What a plugin's admin module (its package.json's `lectern.admin`) exports: a loader per menu entry
 * id of its manifest (without the `<plugin>.` prefix). The index stays small; each screen is a chunk.
 */
export interface AdminModule {
  screens: Record<string, () => Promise<{ default: ComponentType }>>;
  /** Badges the plugin adds to the top bar (e.g. gamification's points), shown where its feature is on. */
  topbar?: Record<string, () => Promise<{ default: ComponentType }>>;
}

// Installed plugin packages' admin modules by plugin name (`@lectern/sdk/vite`), each its own chunk.
const PLUGIN_MODULES = pluginAdminModules as Readonly<Record<string, () => Promise<AdminModule>>>;

function pluginScreen(item: MenuItem): Screen | undefined {
  if (item.plugin === undefined || !Object.hasOwn(PLUGIN_MODULES, item.plugin)) return undefined;
  const loadModule = PLUGIN_MODULES[item.plugin]!;
  const id = item.id.slice(item.plugin.length + 1);
  return lazy(async () => {
    const module = await loadModule();
    const load = module.screens[id];
    if (load === undefined) throw new Error(`Plugin ${item.plugin} has no admin screen "${id}"`);
    return load();
  });
}

const pluginCache = new Map<string, Screen | undefined>();

/** The screen a menu entry opens, or undefined when nothing renders it in this build. */
export function screenFor(item: MenuItem): Screen | undefined {
  if (item.plugin === undefined) return KERNEL_SCREENS[item.id];
  if (!pluginCache.has(item.id)) pluginCache.set(item.id, pluginScreen(item));
  return pluginCache.get(item.id);
}

/** Top-bar widgets of the plugins whose entries this member sees (so their feature is on). */
export function topbarWidgets(plugins: readonly string[]): Array<{ key: string; Widget: Screen }> {
  return plugins.flatMap((plugin) => {
    if (!Object.hasOwn(PLUGIN_MODULES, plugin)) return [];
    const loadModule = PLUGIN_MODULES[plugin]!;
    const Widget = lazy(async () => {
      const module = await loadModule();
      const loaders = Object.values(module.topbar ?? {});
      const loaded = await Promise.all(loaders.map((load) => load()));
      // One component drawing all of the plugin's widgets, so each plugin costs one lazy boundary.
      return {
        default: () => (
          <>
            {loaded.map((m, i) => (
              <m.default key={i} />
            ))}
          </>
        ),
      };
    });
    return [{ key: plugin, Widget }];
  });
}

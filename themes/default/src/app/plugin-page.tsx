import type { ComponentType } from 'react';
import type { SiteComponent, SitePageData, SiteRoute } from '@lectern/sdk';
import { MessageView } from '../views/message-view.js';
import { useExtensions } from './extensions.js';
import { useSite } from './site-context.js';

type PluginRoute = Extract<SiteRoute, { kind: 'plugin' }>;
type PluginViewComponent = ComponentType<{ data: unknown; page: SitePageData }>;

/** The plugin's view that draws a `plugin` route ('plugin/view'), or null when no plugin has it. */
export function pluginViewOf(route: SiteRoute, views: ReadonlyMap<string, SiteComponent>): PluginViewComponent | null {
  if (route.kind !== 'plugin') return null;
  const view = views.get(`${route.plugin}/${route.view}`);
  // SiteComponent returns `unknown` so the kernel needs no React types; the views are React components.
  return typeof view === 'function' ? (view as unknown as PluginViewComponent) : null;
}

/** 404 for the kernel's notFound and for a plugin page whose view is missing (the plugin went away). */
export function routeStatus(data: SitePageData, views: ReadonlyMap<string, SiteComponent>): number {
  if (data.route.kind === 'notFound') return 404;
  if (data.route.kind === 'plugin' && pluginViewOf(data.route, views) === null) return 404;
  return 200;
}

/**
 * A page a plugin adds (the LMS's /course/{slug}), drawn by the plugin's view with the loader's data
 * and the whole page data. Server-drawn like a stored document: the browser keeps the HTML, so a view
 * with interactive parts brings its own island.
 */
export function PluginPage({ route }: { route: PluginRoute }) {
  const { views } = useExtensions();
  const { data } = useSite();
  const View = pluginViewOf(route, views);
  if (View === null) return <MessageView title="notFound.title" text="notFound.text" homeLink testId="not-found" />;
  return (
    <div className="plugin-page" data-plugin={route.plugin} data-view={route.view}>
      <View data={route.data} page={data} />
    </div>
  );
}

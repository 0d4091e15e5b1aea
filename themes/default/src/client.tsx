/**
 * The browser entry: hydrates the server's HTML with the data the server embedded. Nothing here
 * decides differently from the server on the first render; browser-only state (consent, the
 * dismissed notice, the clock, storage) is read in effects afterwards.
 *
 * Static parts (stored documents, the footer) stay as the server drew them (see ServerSlot), so
 * their code is not shipped; a route whose view is interactive loads that view before hydrating.
 * Plugins' interactive parts (islands in their server-drawn views and blocks, page-wide parts such
 * as a cart) come from their browser modules, loaded after hydration as chunks of their own.
 */
import type { ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { SiteRoute } from '@lectern/sdk';
import pluginSiteClients from 'virtual:lectern-plugins/site-client';
import { PAYLOAD_ELEMENT_ID, type PagePayload } from './app/page-payload.js';
import { mountPluginIslands, type IslandSession, type PluginClientLoaders } from './app/plugin-islands.js';
import { SiteApp } from './app/site-app.js';
import './styles/base.css';
import './styles/header.css';
import './styles/footer.css';
import './styles/widgets.css';
import './styles/views.css';
import './blocks/blocks.css';

/** Route views that need React in the browser, loaded as their own chunks. */
const INTERACTIVE_VIEWS: Partial<Record<SiteRoute['kind'], () => Promise<ReactNode>>> = {
  login: () => import('./auth/auth-panel.js').then(({ AuthPanel }) => <AuthPanel mode="login" />),
  signup: () => import('./auth/auth-panel.js').then(({ AuthPanel }) => <AuthPanel mode="signup" />),
};

/**
 * Installed plugin packages' browser modules (`lectern.site.client` in their package.json), by
 * plugin name through `@lectern/sdk/vite`, each a lazily loaded chunk: none of them counts in the
 * content page's budget, and a site loads only those of its plugins.
 */
const PLUGIN_CLIENTS = pluginSiteClients as PluginClientLoaders;

/**
 * The member's access token for plugins' API calls, from the supabase-js session that sign-in
 * stored. supabase-js is a chunk of its own, fetched only when a plugin asks (placing an order).
 */
const session: IslandSession = {
  async accessToken() {
    try {
      const { supabaseClient } = await import('./auth/supabase-client.js');
      const { data } = await (await supabaseClient()).auth.getSession();
      return data.session?.access_token ?? null;
    } catch {
      return null;
    }
  },
};

function readPayload(): PagePayload | null {
  const text = document.getElementById(PAYLOAD_ELEMENT_ID)?.textContent;
  if (text === undefined || text === null || text === '') return null;
  try {
    return JSON.parse(text) as PagePayload;
  } catch {
    return null;
  }
}

async function start(): Promise<void> {
  const root = document.getElementById('root');
  const payload = readPayload();
  if (root === null || payload === null) return;
  const load = INTERACTIVE_VIEWS[payload.data.route.kind];
  const content = load === undefined ? undefined : await load();
  hydrateRoot(root, <SiteApp payload={payload} content={content} />);
  await mountPluginIslands({ payload, loaders: PLUGIN_CLIENTS, session });
}

// Styles for the JavaScript-less fallbacks (hover menus) step aside once the page is live.
document.documentElement.classList.add('js');
void start();

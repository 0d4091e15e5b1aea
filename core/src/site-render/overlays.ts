import type { AnyDb } from '../db/database.js';
import type { PluginText } from '../plugins/plugin-text.js';
import type { PluginSite, SiteOverlay, SiteViewer } from './contract.js';

interface OverlayPlugin {
  name: string;
  site?: PluginSite;
  text: PluginText;
}

// A page carries a handful of dialogs at most; a plugin returning more is cut, not trusted.
const MAX_OVERLAYS_PER_PLUGIN = 10;

/**
 * The overlays (popups) plugins add to this page (SitePageData.overlays), in plugin order, each
 * plugin asked inside the request's tenancy with the page's path.
 */
export async function pluginOverlays(
  plugins: readonly OverlayPlugin[],
  input: { db: AnyDb; accountId: string; viewer: SiteViewer | null; pathname: string; language: string },
): Promise<SiteOverlay[]> {
  const overlays: SiteOverlay[] = [];
  for (const plugin of plugins) {
    const load = plugin.site?.overlays;
    if (load === undefined) continue;
    const found = await load({ ...input, t: plugin.text(input.language) });
    for (const overlay of found.slice(0, MAX_OVERLAYS_PER_PLUGIN)) overlays.push({ ...overlay, plugin: plugin.name });
  }
  return overlays;
}

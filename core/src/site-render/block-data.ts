import type { PluginText } from '../plugins/plugin-text.js';
import type { AnyDb } from '../db/database.js';
import type { PluginSite, SiteRoute, SiteShell, SiteViewer } from './contract.js';

/** One block of a plugin found in a page's documents: its type and its stored props. */
export interface FoundBlock {
  type: string;
  props: Record<string, unknown>;
}

// Deep enough for any real page; a hostile document cannot make the walk run away.
const MAX_DEPTH = 12;
const MAX_BLOCKS = 200;

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The blocks of the given types anywhere in stored Puck documents: the root's content, legacy
 * zones, and slots (any prop holding a list of blocks), nested up to MAX_DEPTH.
 */
export function blocksOfTypes(documents: readonly unknown[], types: ReadonlySet<string>): FoundBlock[] {
  const found: FoundBlock[] = [];
  const walk = (list: unknown, depth: number): void => {
    if (!Array.isArray(list) || depth > MAX_DEPTH) return;
    for (const item of list) {
      if (found.length >= MAX_BLOCKS) return;
      if (!isRecord(item) || typeof item.type !== 'string' || !isRecord(item.props)) continue;
      if (types.has(item.type)) found.push({ type: item.type, props: item.props });
      for (const value of Object.values(item.props)) if (Array.isArray(value)) walk(value, depth + 1);
    }
  };
  for (const document of documents) {
    if (!isRecord(document)) continue;
    walk(document.content, 0);
    if (isRecord(document.zones)) for (const zone of Object.values(document.zones)) walk(zone, 1);
  }
  return found;
}

/** The documents a page draws: its own content and the site's header and footer blocks. */
export function documentsOf(route: SiteRoute, shell: SiteShell): unknown[] {
  const own =
    route.kind === 'home' ? route.page?.document : route.kind === 'page' ? route.page.document : route.kind === 'post' ? route.post.document : undefined;
  return [own, shell.header.document, shell.footer.document];
}

interface BlockDataPlugin {
  name: string;
  site?: PluginSite;
  text: PluginText;
}

/**
 * What plugins' blocks on this page need (SitePageData.pluginData), each plugin asked only when its
 * blocks are on the page, with those blocks, inside the request's tenancy.
 */
export async function pluginBlockData(
  plugins: readonly BlockDataPlugin[],
  documents: readonly unknown[],
  input: { db: AnyDb; accountId: string; viewer: SiteViewer | null; currency: string; language: string },
): Promise<Record<string, unknown>> {
  const data: Record<string, unknown> = {};
  for (const plugin of plugins) {
    const load = plugin.site?.blockData;
    const types = Object.keys(plugin.site?.blocks ?? {});
    if (load === undefined || types.length === 0) continue;
    const blocks = blocksOfTypes(documents, new Set(types));
    if (blocks.length > 0) data[plugin.name] = await load({ ...input, blocks, t: plugin.text(input.language) });
  }
  return data;
}

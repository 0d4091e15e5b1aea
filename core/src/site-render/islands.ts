/**
 * Browser islands: the interactive parts of a plugin's server-drawn view or block (an "Add to cart"
 * button). The server marks an element with the plugin, the island's name and its props and draws
 * a no-JavaScript fallback inside it; the theme's browser code finds the element after hydration
 * and mounts the plugin's island component there. Browser-safe: no server module is imported.
 */

/** The element's plugin and island, as `<plugin>/<island>`. */
export const ISLAND_ATTRIBUTE = 'data-lectern-island';
/** The island's props as JSON. */
export const ISLAND_PROPS_ATTRIBUTE = 'data-island-props';

/** What an island element says: which plugin's island to mount there, with which props. */
export interface IslandMark {
  plugin: string;
  island: string;
  props: unknown;
}

/** Anything that reads attributes like a DOM element (so the parsing is testable without a DOM). */
export interface AttributeReader {
  getAttribute(name: string): string | null;
}

/**
 * The attributes a server view spreads onto an island's element, e.g.
 * `<div {...islandAttributes('ecommerce', 'add-to-cart', { productId })}>fallback</div>`.
 * Props must be JSON-serialisable; `undefined` props are written as null.
 */
export function islandAttributes(plugin: string, island: string, props: unknown): Record<string, string> {
  return {
    [ISLAND_ATTRIBUTE]: `${plugin}/${island}`,
    [ISLAND_PROPS_ATTRIBUTE]: JSON.stringify(props ?? null),
  };
}

/** The island an element marks, or null when it marks none or its attributes are malformed. */
export function readIsland(element: AttributeReader): IslandMark | null {
  const mark = element.getAttribute(ISLAND_ATTRIBUTE);
  if (mark === null) return null;
  const slash = mark.indexOf('/');
  if (slash <= 0 || slash === mark.length - 1) return null;
  const text = element.getAttribute(ISLAND_PROPS_ATTRIBUTE);
  let props: unknown = null;
  if (text !== null && text !== '') {
    try {
      props = JSON.parse(text) as unknown;
    } catch {
      return null;
    }
  }
  return { plugin: mark.slice(0, slash), island: mark.slice(slash + 1), props };
}

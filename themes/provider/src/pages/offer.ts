/**
 * The provider's pages describe only what the platform runs: a line of copy names the plugins (or
 * the parts of the product a plugin says it provides: 'mailing-lists', 'forms') that make it true
 * (`needs`, all of them), and is left out while any is missing. The kernel sends them with every
 * page (`installedPlugins`), so a plugin installed later, or a part it adds, brings its lines back
 * by itself. Lines without `needs` are the kernel's own (site, blog, members, mail).
 */
export interface Offered {
  needs?: readonly string[];
}

export type Installed = ReadonlySet<string>;

export function isOffered(item: Offered, installed: Installed): boolean {
  return (item.needs ?? []).every((plugin) => installed.has(plugin));
}

export function offered<T extends Offered>(items: readonly T[], installed: Installed): T[] {
  return items.filter((item) => isOffered(item, installed));
}

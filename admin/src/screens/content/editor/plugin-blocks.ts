import type { ComponentConfig } from '@puckeditor/core';

/**
 * What a plugin's blocks module (its package.json's `lectern.site.blocks`) exports: its Puck blocks and, optionally, the
 * side-panel categories they sit in. Typed loosely on purpose: a half-made plugin file must not
 * break the editor, so everything is checked before use.
 */
export interface PluginBlocksModule {
  blocks?: unknown;
  categories?: unknown;
}

export interface PluginCategory {
  title: string;
  components: string[];
  defaultExpanded?: boolean;
  visible?: boolean;
}

/** The plugins' blocks as the editor adds them to its Puck config. */
export interface PluginBlocks {
  components: Record<string, ComponentConfig>;
  categories: Record<string, PluginCategory>;
}

export const NO_PLUGIN_BLOCKS: PluginBlocks = { components: {}, categories: {} };

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The plugins whose blocks to load: those that are on for the account (the bootstrap's `plugins`)
 * and ship blocks (`available`), in the kernel's order, so a later plugin's block of the same name
 * wins as it does when the kernel hands the theme its blocks. Each plugin once.
 */
export function enabledBlockPlugins(available: readonly string[], enabled: readonly string[]): string[] {
  const shipped = new Set(available);
  return [...new Set(enabled)].filter((plugin) => shipped.has(plugin));
}

/** A block the editor can draw: Puck needs a render function; fields and defaults may be missing. */
function asComponent(value: unknown): ComponentConfig | null {
  if (!isRecord(value) || typeof value.render !== 'function') return null;
  return {
    ...value,
    fields: isRecord(value.fields) ? value.fields : {},
    defaultProps: isRecord(value.defaultProps) ? value.defaultProps : {},
  } as ComponentConfig;
}

/**
 * The loaded plugins' blocks merged: the theme's own names (`reserved`) are never replaced, a later
 * plugin replaces an earlier one's block of the same name, malformed entries are skipped. Each
 * plugin's categories are kept under `<plugin>.<key>` (so two plugins' "forms" do not merge) and
 * list only the blocks that plugin really supplies; blocks in no category go to Puck's "Other".
 */
export function mergePluginBlocks(loaded: ReadonlyArray<{ plugin: string; module: PluginBlocksModule }>, reserved: ReadonlySet<string>): PluginBlocks {
  const components: Record<string, ComponentConfig> = {};
  const owner = new Map<string, string>();
  for (const { plugin, module } of loaded) {
    if (!isRecord(module.blocks)) continue;
    for (const [type, value] of Object.entries(module.blocks)) {
      const component = asComponent(value);
      if (component === null || reserved.has(type)) continue;
      components[type] = component;
      owner.set(type, plugin);
    }
  }
  const categories: Record<string, PluginCategory> = {};
  for (const { plugin, module } of loaded) {
    if (!isRecord(module.categories)) continue;
    for (const [key, value] of Object.entries(module.categories)) {
      if (!isRecord(value)) continue;
      const listed = Array.isArray(value.components)
        ? value.components.filter((type): type is string => typeof type === 'string' && owner.get(type) === plugin)
        : [];
      if (listed.length === 0) continue;
      categories[`${plugin}.${key}`] = {
        title: typeof value.title === 'string' && value.title.trim() !== '' ? value.title : key,
        components: [...new Set(listed)],
        ...(typeof value.defaultExpanded === 'boolean' ? { defaultExpanded: value.defaultExpanded } : {}),
        ...(typeof value.visible === 'boolean' ? { visible: value.visible } : {}),
      };
    }
  }
  return Object.keys(components).length === 0 ? NO_PLUGIN_BLOCKS : { components, categories };
}

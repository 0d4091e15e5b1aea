import { blockConfigs } from './block-configs.js';
import type { AnyBlockConfig } from './types.js';
import { isRecord } from './values.js';

type BlockRegistry = Readonly<Record<string, AnyBlockConfig>>;

const merged = new WeakMap<object, BlockRegistry>();

/**
 * A plugin's block as RenderDocument can draw it, or null. The kernel hands blocks over as
 * `unknown`: a config without a render function is skipped, and missing fields/defaults are read as
 * empty so a half-made config cannot throw while a page is drawn.
 */
function asBlockConfig(value: unknown): AnyBlockConfig | null {
  if (!isRecord(value) || typeof value.render !== 'function') return null;
  return {
    label: typeof value.label === 'string' ? value.label : '',
    fields: isRecord(value.fields) ? (value.fields as AnyBlockConfig['fields']) : {},
    defaultProps: isRecord(value.defaultProps) ? value.defaultProps : {},
    render: value.render as AnyBlockConfig['render'],
  };
}

/**
 * The theme's blocks plus the plugins' (ThemeExtensions.blocks). The theme's own keep their names:
 * a plugin cannot change how a stored Heading draws. The kernel keeps one blocks object per set of
 * plugins, so the merge is worked out once per object rather than once per page.
 */
export function withPluginBlocks(extra: Readonly<Record<string, unknown>> | undefined, own: BlockRegistry = blockConfigs): BlockRegistry {
  if (extra === undefined || !isRecord(extra)) return own;
  const cached = own === blockConfigs ? merged.get(extra) : undefined;
  if (cached !== undefined) return cached;
  const registry: Record<string, AnyBlockConfig> = {};
  for (const [type, value] of Object.entries(extra)) {
    const config = asBlockConfig(value);
    if (config !== null) registry[type] = config;
  }
  const result: BlockRegistry = { ...registry, ...own };
  if (own === blockConfigs) merged.set(extra, result);
  return result;
}

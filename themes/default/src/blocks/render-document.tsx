import type { JSX, ReactNode } from 'react';
import { BlockBoundary } from './block-boundary.js';
import { blockConfigs } from './block-configs.js';
import type { AnyBlockConfig, BlockData, BlockPuck, SlotComponent, SlotOptions } from './types.js';
import { isRecord } from './values.js';

const NO_METADATA: Record<string, unknown> = {};

/** How deep slots and zones may nest; deeper content (or a zone that contains its own block) is not drawn. */
export const MAX_BLOCK_DEPTH = 12;

/** The root of a document: gets the root's stored props, `puck`, and the drawn blocks as children. */
export type RootRender = (props: Record<string, unknown> & { children: ReactNode }) => ReactNode;

export interface RenderDocumentProps {
  /** A stored Puck document ({ root, content, zones? }); anything malformed draws what it can. */
  document: unknown;
  /** The blocks that may appear; the theme's own by default (a caller adds plugins' blocks). */
  blocks?: Readonly<Record<string, AnyBlockConfig>>;
  root?: RootRender;
  /** What every block gets as `puck.metadata` (the page's pluginData for plugins' blocks). */
  metadata?: Record<string, unknown>;
}

interface Scope {
  blocks: Readonly<Record<string, AnyBlockConfig>>;
  zones: Readonly<Record<string, BlockData[]>>;
  metadata: Record<string, unknown>;
}

/** The well-formed blocks of a stored list, skipping anything else. */
function blockList(value: unknown): BlockData[] {
  if (!Array.isArray(value)) return [];
  return value.filter((item): item is BlockData => isRecord(item) && typeof item.type === 'string' && isRecord(item.props));
}

function zonesOf(value: unknown): Record<string, BlockData[]> {
  if (!isRecord(value)) return {};
  return Object.fromEntries(Object.entries(value).map(([key, list]) => [key, blockList(list)]));
}

/** Stable React keys: the block's id, made unique if a document repeats one. */
function keysFor(items: BlockData[]): string[] {
  const seen = new Set<string>();
  return items.map((item, index) => {
    const id = typeof item.props.id === 'string' && item.props.id !== '' ? item.props.id : `block-${index}`;
    const key = seen.has(id) ? `${id}~${index}` : id;
    seen.add(key);
    return key;
  });
}

function Blocks({ items, depth, scope }: { items: BlockData[]; depth: number; scope: Scope }): ReactNode {
  if (depth > MAX_BLOCK_DEPTH || items.length === 0) return null;
  const keys = keysFor(items);
  return items.map((item, index) => <Block key={keys[index]} item={item} depth={depth} scope={scope} />);
}

/** Draws blocks where Puck would draw a slot or a drop zone: in a wrapper element (a div unless `as` says). */
function area(items: BlockData[], depth: number, scope: Scope, options: SlotOptions = {}): JSX.Element {
  const Element = options.as ?? 'div';
  return (
    <Element className={options.className} style={options.style}>
      <Blocks items={items} depth={depth} scope={scope} />
    </Element>
  );
}

function puckFor(id: string | null, depth: number, scope: Scope): BlockPuck {
  return {
    isEditing: false,
    metadata: scope.metadata,
    dragRef: null,
    renderDropZone: ({ zone, ...options }) => area(id === null ? [] : (scope.zones[`${id}:${zone}`] ?? []), depth + 1, scope, options),
  };
}

function Block({ item, depth, scope }: { item: BlockData; depth: number; scope: Scope }) {
  const config = Object.hasOwn(scope.blocks, item.type) ? scope.blocks[item.type] : undefined;
  if (config === undefined) return null;
  const id = typeof item.props.id === 'string' && item.props.id !== '' ? item.props.id : null;
  const props: Record<string, unknown> = { ...config.defaultProps, ...item.props };
  for (const [name, field] of Object.entries(config.fields)) {
    // A plugin's config may hold anything here; only a well-formed slot field gets its blocks.
    if (!isRecord(field) || field.type !== 'slot') continue;
    // A document saved before the block had slots keeps its nested blocks in the zone of the same name.
    let content = blockList(item.props[name]);
    if (content.length === 0 && id !== null) content = scope.zones[`${id}:${name}`] ?? [];
    const slot: SlotComponent = (options) => area(content, depth + 1, scope, options);
    props[name] = slot;
  }
  props.puck = puckFor(id, depth, scope);
  const Render = config.render;
  return (
    <BlockBoundary>
      <Render {...props} />
    </BlockBoundary>
  );
}

/**
 * Draws a stored Puck document for visitors without Puck: the root's content in order, nested
 * slots and legacy drop zones ("<blockId>:<zone>") recursively. Unknown block types draw nothing,
 * and a block that fails draws nothing instead of failing the page.
 */
export function RenderDocument({ document, blocks = blockConfigs, root, metadata = NO_METADATA }: RenderDocumentProps) {
  if (!isRecord(document)) return null;
  const scope: Scope = { blocks, zones: zonesOf(document.zones), metadata };
  const content = <Blocks items={blockList(document.content)} depth={0} scope={scope} />;
  if (root === undefined) return content;
  const rootProps = isRecord(document.root) && isRecord(document.root.props) ? document.root.props : {};
  // Old documents may hold drop zones the root drew itself ("root:<zone>").
  return <>{root({ ...rootProps, puck: puckFor('root', 0, scope), children: content })}</>;
}

import type { CSSProperties, ElementType, JSX, ReactNode } from 'react';

/** One block as a Puck document stores it. */
export interface BlockData {
  type: string;
  props: Record<string, unknown>;
}

/** What a slot field holds in a stored document: the nested blocks, in order. */
export type SlotContent = BlockData[];

/** Options Puck passes when a block draws one of its slots (a subset of Puck's DropZone props). */
export interface SlotOptions {
  className?: string;
  style?: CSSProperties;
  as?: ElementType;
  minEmptyHeight?: CSSProperties['minHeight'] | number;
  allow?: string[];
  disallow?: string[];
}

/** A slot prop at render time: Puck (and RenderDocument) replace the stored array with this. */
export type SlotComponent = (options?: SlotOptions) => ReactNode;

/** The `puck` prop at render time. Only the parts a public page needs; Puck's own context fits it. */
export interface BlockPuck {
  renderDropZone: (options: SlotOptions & { zone: string }) => ReactNode;
  isEditing: boolean;
  metadata?: Record<string, unknown>;
  dragRef?: ((element: Element | null) => void) | null;
}

interface FieldBase {
  label?: string;
  visible?: boolean;
}

export interface FieldOption {
  label: string;
  value: string | number | boolean;
}

/** The editor fields our blocks use, shaped so each one is also a valid Puck field. */
export type BlockField =
  | (FieldBase & { type: 'text'; placeholder?: string })
  | (FieldBase & { type: 'textarea'; placeholder?: string })
  | (FieldBase & { type: 'number'; min?: number; max?: number; step?: number; placeholder?: string })
  | (FieldBase & { type: 'select'; options: readonly FieldOption[] })
  | (FieldBase & { type: 'radio'; options: readonly FieldOption[] })
  | (FieldBase & { type: 'richtext' })
  | (FieldBase & { type: 'slot'; allow?: string[]; disallow?: string[] })
  | (FieldBase & {
      type: 'array';
      arrayFields: Record<string, BlockField>;
      defaultItemProps?: Record<string, unknown>;
      getItemSummary?: (item: Record<string, unknown>, index?: number) => string;
      min?: number;
      max?: number;
    })
  | (FieldBase & { type: 'object'; objectFields: Record<string, BlockField> });

/**
 * What `render` receives. Every stored prop is `unknown` on purpose: documents come from storage
 * (old versions, hand edits, other tools), so each block coerces what it reads instead of trusting
 * the declared shape — a bad value must never throw during a server render.
 */
export type BlockRenderProps<P> = { readonly [K in keyof P]?: unknown } & {
  id?: unknown;
  puck?: BlockPuck;
  editMode?: boolean;
};

/** A Puck ComponentConfig-compatible block whose render is a plain React component. */
export interface BlockConfig<P extends Record<string, unknown> = Record<string, unknown>> {
  label: string;
  fields: { [K in keyof P]: BlockField };
  defaultProps: P;
  render: (props: BlockRenderProps<P>) => JSX.Element;
}

/** Any block config, for registries that mix block types (the theme's, a plugin's). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each block's props differ; callers only read fields/render generically
export type AnyBlockConfig = BlockConfig<any>;

import { FieldLabel, type ComponentConfig, type Config, type CustomField, type Field } from '@puckeditor/core';
import { blockCategories, blockConfigs, mediaFields, type AnyBlockConfig, type BlockField } from '@lectern/theme-default/blocks';
import { ThemeProvider } from 'styled-components';
import { THEMES } from '../../../theme/themes';
import { MediaUrlInput } from './MediaUrlInput';
import { NO_PLUGIN_BLOCKS, type PluginBlocks } from './plugin-blocks';

/**
 * Whether a media prop wants an image (the picker then shows and accepts images only) or any
 * file (a video's or an audio block's address).
 */
export const wantsImage = (prop: string) => /image|poster|src|logo|icon|avatar|thumbnail/i.test(prop);

type MediaFieldProps = Parameters<CustomField<string>['render']>[0];

/** The editor's fields panel is always light: the input keeps the light palette inside it. */
function MediaFieldRender(imagesOnly: boolean) {
  return function MediaField({ field, id, value, onChange, readOnly }: MediaFieldProps) {
    const label = field.label ?? '';
    return (
      <ThemeProvider theme={THEMES.light}>
        <FieldLabel label={label} el="div" readOnly={readOnly}>
          <MediaUrlInput
            id={id}
            value={typeof value === 'string' ? value : ''}
            onChange={(next) => onChange(next)}
            label={label}
            imagesOnly={imagesOnly}
            readOnly={readOnly}
          />
        </FieldLabel>
      </ThemeProvider>
    );
  };
}

// One render function per kind, made once: Puck keeps a custom field's render by identity.
const IMAGE_FIELD = MediaFieldRender(true);
const FILE_FIELD = MediaFieldRender(false);

function mediaField(field: BlockField, prop: string): CustomField<string> {
  const imagesOnly = wantsImage(prop);
  return { type: 'custom', label: field.label ?? prop, render: imagesOnly ? IMAGE_FIELD : FILE_FIELD };
}

/** The block's fields, its media props swapped for the media-library field. */
function withMediaFields(block: AnyBlockConfig, media: readonly string[]): Record<string, Field> {
  const fields: Record<string, Field> = {};
  for (const [prop, field] of Object.entries(block.fields as Record<string, BlockField>)) {
    fields[prop] = media.includes(prop) ? mediaField(field, prop) : (field as Field);
  }
  return fields;
}

/**
 * The Puck configuration of the visual editors (pages, posts, header, footer): the theme's blocks
 * (fields, defaults, render) with a media-library picker for their media props, grouped in the
 * theme's categories, whose titles come translated when we have them; then the blocks of the
 * plugins on for the account (`plugins`), which never replace one of the theme's.
 */
export function buildConfig(categoryTitle: (key: string, fallback: string) => string, plugins: PluginBlocks = NO_PLUGIN_BLOCKS): Config {
  const media = mediaFields as Record<string, readonly string[] | undefined>;
  const components: Record<string, ComponentConfig> = { ...plugins.components };
  for (const [type, block] of Object.entries(blockConfigs as Record<string, AnyBlockConfig>)) {
    components[type] = { ...block, fields: withMediaFields(block, media[type] ?? []) } as ComponentConfig;
  }
  const categories = {
    ...Object.fromEntries(Object.entries(blockCategories).map(([key, category]) => [key, { ...category, title: categoryTitle(key, category.title) }])),
    ...plugins.categories,
  };
  // No page-level fields: the title and the rest live in the editor's own header and settings.
  return { components, categories, root: { fields: {} } };
}

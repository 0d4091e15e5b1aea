import '@puckeditor/core/no-external.css';
import { Puck, type Data } from '@puckeditor/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PuckDocument } from '../model';
import { withIds } from './block-ids';
import { PreviewFrame } from './PreviewFrame';
import { NO_PLUGIN_BLOCKS, type PluginBlocks } from './plugin-blocks';
import { buildConfig } from './puck-config';
import { puckDictionary } from './puck-dictionary';

// Module constants: Puck keeps overrides and the frame by identity, and a new object would remount the preview.
const EmptyActions = () => <></>;
const OVERRIDES = { iframe: PreviewFrame, headerActions: EmptyActions };
// The frame holds the theme's styles only; the dashboard's would leak into the preview.
const IFRAME = { enabled: true, waitForStyles: true, syncHostStyles: false };

/**
 * The visual editor itself: the theme's blocks in Puck, its own header without Puck's publish
 * button (the screen's toolbar saves), the preview in a frame with the theme's styles, Puck's
 * interface in the reader's language. `initial` is read once; remount (key) to load another.
 */
export function PuckCanvas({
  initial,
  onChange,
  title,
  path,
  plugins = NO_PLUGIN_BLOCKS,
}: {
  initial: PuckDocument;
  onChange: (data: Data) => void;
  title: string;
  path: string;
  /** The blocks of the plugins on for the account (usePluginBlocks), loaded before the canvas opens. */
  plugins?: PluginBlocks;
}) {
  const { t, i18n } = useTranslation('content');
  const language = i18n.language;
  // Rebuilt when the language changes (category titles); the blocks themselves never change.
  const config = useMemo(() => buildConfig((key, fallback) => t(`editor.category.${key}`, { defaultValue: fallback }), plugins), [t, language, plugins]);
  const dictionary = useMemo(() => puckDictionary((key, options) => t(key, options)), [t, language]);
  // Ids are filled in once per loaded document, not per language switch.
  const [data] = useState(() => withIds(initial, config));
  return (
    <div data-testid="visual-editor">
      <Puck
        config={config}
        data={data}
        onChange={onChange}
        overrides={OVERRIDES}
        iframe={IFRAME}
        dictionary={dictionary}
        headerTitle={title}
        headerPath={path}
        height="max(34rem, calc(100dvh - 13rem))"
      />
    </div>
  );
}

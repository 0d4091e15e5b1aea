import { BlockContextProvider } from '@lectern/theme-default/blocks';
import type { Data } from '@puckeditor/core';
import { useCallback } from 'react';
import { Loading } from '../ui/states';
import { PuckCanvas } from '../screens/content/editor/PuckCanvas';
import { usePluginBlocks } from '../screens/content/editor/usePluginBlocks';
import { usePreviewContext } from '../screens/content/editor/usePreviewContext';
import type { PuckDocument } from '../screens/content/model';

export default function DocumentEditorChunk({
  initial,
  onChange,
  title,
  path,
}: {
  initial: PuckDocument;
  onChange: (document: PuckDocument) => void;
  title: string;
  path: string;
}) {
  const blockContext = usePreviewContext();
  const pluginBlocks = usePluginBlocks();
  const change = useCallback((data: Data) => onChange(data as unknown as PuckDocument), [onChange]);
  if (!pluginBlocks.ready) return <Loading />;
  return (
    <BlockContextProvider value={blockContext}>
      <PuckCanvas initial={initial} onChange={change} title={title} path={path} plugins={pluginBlocks.blocks} />
    </BlockContextProvider>
  );
}

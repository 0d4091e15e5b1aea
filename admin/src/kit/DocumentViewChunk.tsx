import { BlockContextProvider } from '@lectern/theme-default/blocks';
import { Render } from '@puckeditor/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import { Loading } from '../ui/states';
import { withIds } from '../screens/content/editor/block-ids';
import { PreviewFrame } from '../screens/content/editor/PreviewFrame';
import { buildConfig } from '../screens/content/editor/puck-config';
import { usePluginBlocks } from '../screens/content/editor/usePluginBlocks';
import { usePreviewContext } from '../screens/content/editor/usePreviewContext';
import type { PuckDocument } from '../screens/content/model';

const Frame = styled.iframe`
  width: 100%;
  border: 0;
  min-height: 12rem;
  background: #fff;
  border-radius: 8px;
`;

/**
 * A stored document drawn with the theme's blocks inside a frame that holds only the theme's styles
 * (the dashboard's would restyle the blocks, and the theme's would restyle the dashboard). The frame
 * grows with its content so the page scrolls, not the frame.
 */
export default function DocumentViewChunk({ document, title }: { document: PuckDocument; title: string }) {
  const blockContext = usePreviewContext();
  const pluginBlocks = usePluginBlocks();
  const frame = useRef<HTMLIFrameElement>(null);
  const [body, setBody] = useState<HTMLElement | null>(null);
  const config = useMemo(() => buildConfig((_key, fallback) => fallback, pluginBlocks.blocks), [pluginBlocks.blocks]);
  const data = useMemo(() => withIds(document, config), [document, config]);

  useEffect(() => {
    const doc = frame.current?.contentDocument;
    if (doc == null) return;
    setBody(doc.body);
    const resize = new ResizeObserver(() => {
      if (frame.current !== null) frame.current.style.height = `${doc.documentElement.scrollHeight}px`;
    });
    resize.observe(doc.body);
    return () => resize.disconnect();
  }, []);

  return (
    <>
      <Frame ref={frame} title={title} data-testid="document-view" />
      {!pluginBlocks.ready ? (
        <Loading />
      ) : (
        body !== null &&
        createPortal(
          <PreviewFrame document={body.ownerDocument}>
            <BlockContextProvider value={blockContext}>
              <Render config={config} data={data} />
            </BlockContextProvider>
          </PreviewFrame>,
          body,
        )
      )}
    </>
  );
}

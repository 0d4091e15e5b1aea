// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"navigation":{"disableChildFrameNavigation":true,"disableChildPageNavigation":true}}}
import { act, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BlockContextProvider, blockConfigs, RenderDocument, type AnyBlockConfig } from './index.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const context = {
  recentPosts: [
    {
      id: 'p1',
      slug: 'hello',
      title: 'Hello',
      excerpt: 'First post',
      featuredImage: 'media/a.png',
      authorName: 'Ada',
      publishedAt: '2025-03-04T10:00:00.000Z',
    },
  ],
  siteUrl: 'https://school.example',
  storageUrl: 'https://school.example/storage/v1/object/public',
};

const page = (document: unknown, blocks?: Record<string, AnyBlockConfig>): ReactNode => (
  <BlockContextProvider value={context}>
    <RenderDocument document={document} blocks={blocks} />
  </BlockContextProvider>
);

/** Server-renders, then hydrates the same tree in a DOM, collecting what React complains about. */
async function hydrate(tree: ReactNode): Promise<{ container: HTMLElement; problems: unknown[]; caught: unknown[] }> {
  const container = document.createElement('div');
  container.innerHTML = renderToString(tree);
  document.body.append(container);
  const problems: unknown[] = [];
  const caught: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, tree, {
      onRecoverableError: (error) => problems.push(error),
      onUncaughtError: (error) => problems.push(error),
      onCaughtError: (error) => caught.push(error),
    });
  });
  return { container, problems, caught };
}

describe('hydration of blocks in the browser', () => {
  it('hydrates every block without a mismatch', async () => {
    const content: Array<{ type: string; props: Record<string, unknown> }> = Object.keys(blockConfigs).map((type, i) => ({ type, props: { id: `b${i}` } }));
    content.push({ type: 'Columns', props: { id: 'cols', column1: [{ type: 'Heading', props: { id: 'in', text: 'Inside' } }] } });
    content.push({ type: 'Video', props: { id: 'yt', url: 'https://youtu.be/dQw4w9WgXcQ' } });
    const { container, problems } = await hydrate(page({ root: { props: {} }, content }));
    expect(problems).toEqual([]);
    expect(container.textContent).toContain('Inside');
    expect(container.querySelector('iframe')?.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
  });

  it('drops a block that throws in the browser too, keeping its neighbours', async () => {
    const Broken: AnyBlockConfig = {
      label: 'Broken',
      fields: {},
      defaultProps: {},
      render: () => {
        throw new Error('bad block');
      },
    };
    const document = {
      root: {},
      content: [
        { type: 'Heading', props: { id: 'a', text: 'Before' } },
        { type: 'Broken', props: { id: 'x' } },
        { type: 'Heading', props: { id: 'b', text: 'After' } },
      ],
    };
    const { container, caught } = await hydrate(page(document, { ...blockConfigs, Broken }));
    expect(container.textContent).toBe('BeforeAfter');
    expect(caught).toHaveLength(1); // caught by the block's boundary, not the page's
  });
});

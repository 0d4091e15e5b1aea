import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { SitePostSummary } from '@lectern/sdk';
import { BlockContextProvider, blockConfigs, RenderDocument, type AnyBlockConfig, type BlockPuck } from './index.js';

const SITE = 'https://school.example';
const STORAGE = `${SITE}/storage/v1/object/public`;

const post = (n: number): SitePostSummary => ({
  id: `p${n}`,
  slug: `post-${n}`,
  title: `Post number ${n}`,
  excerpt: `Excerpt ${n}`,
  featuredImage: n === 1 ? 'media/cover.png' : null,
  authorName: 'Ada',
  publishedAt: '2025-03-04T10:00:00.000Z',
});

function render(document: unknown, options: { posts?: SitePostSummary[]; blocks?: Record<string, AnyBlockConfig> } = {}): string {
  return renderToString(
    <BlockContextProvider value={{ recentPosts: options.posts ?? [], siteUrl: SITE, storageUrl: STORAGE }}>
      <RenderDocument document={document} blocks={options.blocks} />
    </BlockContextProvider>,
  );
}

const doc = (content: unknown[], zones?: Record<string, unknown[]>) => ({ root: { props: {} }, content, ...(zones ? { zones } : {}) });
const block = (type: string, props: Record<string, unknown>) => ({ type, props });

/** The values of one attribute across the HTML, as React wrote them. */
const attributes = (html: string, name: string) => [...html.matchAll(new RegExp(`\\s${name}="([^"]*)"`, 'g'))].map((m) => m[1]);

describe('RenderDocument', () => {
  it('draws every block type with its defaults, in document order, without any falling back', () => {
    const types = Object.keys(blockConfigs);
    const html = render(doc(types.map((type, i) => block(type, { id: `b${i}` }))), { posts: [post(1), post(2)] });
    expect(html).not.toContain('<!--$!-->'); // no block failed on the server
    const landmarks = [
      'Learn something new today',
      'A section heading',
      'Write your text here',
      'Learn more',
      'Latest posts',
      'Why learn with us',
      'B. B. King',
      'Ready to start?',
    ];
    const positions = landmarks.map((text) => html.indexOf(text));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it('never lets a javascript: URL reach an href or src', () => {
    const evil = 'javascript:alert(1)';
    const html = render(
      doc([
        block('Hero', { id: 'h', ctaUrl: evil, backgroundImage: evil }),
        block('Button', { id: 'b', url: ' JaVaScRiPt:alert(1)' }),
        block('Button', { id: 'b2', url: 'java\tscript:alert(1)' }),
        block('CallToAction', { id: 'c', buttonUrl: 'data:text/html,<script>alert(1)</script>' }),
        block('Image', { id: 'i', src: evil }),
        block('Video', { id: 'v', url: evil, poster: evil }),
        block('Audio', { id: 'a', url: '//evil.example/x.mp3' }),
      ]),
    );
    const urls = [...attributes(html, 'href'), ...attributes(html, 'src'), ...attributes(html, 'poster')];
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) expect(url).toMatch(/^(#|\/[^/]|https?:)/);
    expect(html.toLowerCase()).not.toContain('javascript:');
    expect(html).not.toContain('//evil.example');
  });

  it('escapes a script in a plain text prop but keeps sanitised html props as markup', () => {
    const html = render(
      doc([
        block('Heading', { id: 'h', text: '<script>alert("x")</script>' }),
        block('Quote', { id: 'q', text: '<img src=x onerror=alert(1)>', author: '<b>Me</b>' }),
        block('RichText', { id: 'r', html: '<p>Hello <strong>world</strong></p>' }),
      ]),
    );
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;b&gt;Me&lt;/b&gt;');
    expect(html).toContain('<p>Hello <strong>world</strong></p>');
  });

  it('skips unknown block types and malformed entries', () => {
    const html = render(
      doc([
        block('Heading', { id: 'a', text: 'First' }),
        block('Marquee', { id: 'm', text: 'Nope' }),
        { type: 'Heading' },
        'junk',
        null,
        block('__proto__', {}),
        block('Heading', { id: 'b', text: 'Second' }),
      ]),
    );
    expect(html).toContain('First');
    expect(html).toContain('Second');
    expect(html).not.toContain('Nope');
  });

  it('draws nothing for a document that is not one', () => {
    for (const bad of [null, 'text', 42, [], { content: 'x' }]) expect(render(bad)).toBe('');
  });

  it('draws slot content inside its column, in order, and nested columns too', () => {
    const html = render(
      doc([
        block('Columns', {
          id: 'cols',
          columns: 3,
          column1: [block('Heading', { id: 'x1', text: 'Left one' }), block('Heading', { id: 'x2', text: 'Left two' })],
          column2: [block('Columns', { id: 'inner', columns: 2, column1: [block('Quote', { id: 'q', text: 'Deep quote', author: '' })] })],
          column3: [],
          column4: [block('Heading', { id: 'hidden', text: 'Fourth column' })],
        }),
      ]),
    );
    expect(html).toContain('block-columns--3');
    expect(html.indexOf('Left one')).toBeLessThan(html.indexOf('Left two'));
    expect(html.indexOf('Left two')).toBeLessThan(html.indexOf('Deep quote'));
    expect(html).not.toContain('Fourth column'); // only 3 columns are shown
    expect(html.match(/class="block-columns__cell"/g)).toHaveLength(5);
  });

  it('draws legacy drop zones: as a slot of the same name, and where a block renders a drop zone', () => {
    const Tabs: AnyBlockConfig = {
      label: 'Tabs',
      fields: {},
      defaultProps: {},
      render: ({ puck }: { puck?: BlockPuck }) => <section className="tabs">{puck?.renderDropZone({ zone: 'panel' })}</section>,
    };
    const html = render(
      doc([block('Columns', { id: 'old', columns: 2 }), block('Tabs', { id: 't1' })], {
        'old:column1': [block('Heading', { id: 'z1', text: 'Zone A' }), block('Heading', { id: 'z2', text: 'Zone B' })],
        't1:panel': [block('Quote', { id: 'zq', text: 'Inside the panel', author: '' })],
        'other:panel': [block('Heading', { id: 'z3', text: 'Orphan' })],
      }),
      { blocks: { ...blockConfigs, Tabs } },
    );
    expect(html.indexOf('Zone A')).toBeGreaterThan(-1);
    expect(html.indexOf('Zone A')).toBeLessThan(html.indexOf('Zone B'));
    expect(html).toMatch(/<section class="tabs"><div>.*Inside the panel.*<\/div><\/section>/);
    expect(html).not.toContain('Orphan');
  });

  it('stops at the depth limit instead of recursing without end', () => {
    let nested: Record<string, unknown> = block('Heading', { id: 'leaf', text: 'Bottom' });
    for (let i = 0; i < 40; i++) nested = block('Columns', { id: `c${i}`, column1: [nested] });
    const html = render(doc([nested]));
    expect(html).toContain('block-columns');
    expect(html).not.toContain('Bottom');
    // A zone that contains its own block cannot loop either.
    const loop = render(doc([block('Columns', { id: 'self' })], { 'self:column1': [block('Columns', { id: 'self' })] }));
    expect(loop.match(/block-columns--2/g)!.length).toBeLessThan(20);
  });

  it('drops a block that throws and keeps the rest of the page', () => {
    const Broken: AnyBlockConfig = {
      label: 'Broken',
      fields: {},
      defaultProps: {},
      render: () => {
        throw new Error('bad block');
      },
    };
    const html = render(doc([block('Heading', { id: 'a', text: 'Before' }), block('Broken', { id: 'x' }), block('Heading', { id: 'b', text: 'After' })]), {
      blocks: { ...blockConfigs, Broken },
    });
    expect(html).toContain('Before');
    expect(html).toContain('After');
    expect(html).toContain('<!--$!-->');
  });

  it('survives props of the wrong type in every block without failing any', () => {
    const junk = {
      id: 7,
      title: { a: 1 },
      subtitle: [1],
      text: null,
      html: 42,
      level: 'h9',
      align: {},
      src: 5,
      alt: [],
      caption: {},
      maxWidth: 'wide',
      label: false,
      url: 12,
      style: 'neon',
      newTab: 'maybe',
      columns: 99,
      gap: null,
      column1: 'x',
      column2: {},
      height: 'tall',
      count: -5,
      items: 'many',
      author: 3,
      ctaUrl: {},
      buttonUrl: [],
      poster: {},
      backgroundImage: 1,
    };
    const html = render(doc(Object.keys(blockConfigs).map((type) => block(type, junk))), { posts: [{ junk: true } as unknown as SitePostSummary] });
    expect(html).not.toContain('<!--$!-->');
  });

  it('keeps duplicate block ids from breaking the list', () => {
    const html = render(doc([block('Heading', { id: 'same', text: 'One' }), block('Heading', { id: 'same', text: 'Two' })]));
    expect(html).toContain('One');
    expect(html).toContain('Two');
  });
});

describe('blocks a visitor sees', () => {
  it('turns a YouTube link into a privacy-friendly embed with a title', () => {
    const html = render(doc([block('Video', { id: 'v', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1m5s', title: 'Intro lesson' })]));
    expect(html).toContain('<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=65" title="Intro lesson"');
    expect(html).toContain('allowFullScreen');
  });

  it('plays a Vimeo link through the do-not-track player and a file with native controls', () => {
    const vimeo = render(doc([block('Video', { id: 'v', url: 'https://vimeo.com/76979871' })]));
    expect(vimeo).toContain('src="https://player.vimeo.com/video/76979871?dnt=1"');
    const file = render(doc([block('Video', { id: 'f', url: 'media/lesson.mp4', poster: 'media/poster.jpg' })]));
    expect(file).toMatch(/<video[^>]*src="https:\/\/school\.example\/storage\/v1\/object\/public\/media\/lesson\.mp4"/);
    expect(file).toMatch(/<video[^>]*controls=""/);
    expect(file).toContain('poster="/_image?url=media%2Fposter.jpg&amp;w=1920&amp;q=75"');
  });

  it('plays audio with controls and a label', () => {
    const html = render(doc([block('Audio', { id: 'a', url: 'https://cdn.example/episode.mp3', title: 'Episode 1' })]));
    expect(html).toMatch(/<audio src="https:\/\/cdn\.example\/episode\.mp3" controls="" preload="metadata" aria-label="Episode 1">/);
    expect(html).toContain('<figcaption>Episode 1</figcaption>');
  });

  it('shows an empty media block as nothing to visitors', () => {
    const html = render(doc([block('Image', { id: 'i' }), block('Video', { id: 'v' }), block('Audio', { id: 'a' })]));
    expect(html.replace(/<!--.*?-->/g, '')).toBe(''); // only React's boundary markers remain
  });

  it('lists recent posts up to the count, linking each, and an empty state without posts', () => {
    const posts = [1, 2, 3, 4, 5].map(post);
    const html = render(doc([block('PostList', { id: 'l', title: 'From the blog', count: 2 })]), { posts });
    expect(html).toContain('href="/blog/post-1"');
    expect(html).toContain('href="/blog/post-2"');
    expect(html).not.toContain('Post number 3');
    expect(html).toContain('<time dateTime="2025-03-04T10:00:00.000Z">Mar 4, 2025</time>');
    expect(html).toContain('/_image?url=media%2Fcover.png');
    const empty = render(doc([block('PostList', { id: 'l', count: 50 })]));
    expect(empty).toContain('No posts yet');
  });

  it('opens a new-tab button safely and says so to screen readers', () => {
    const html = render(doc([block('Button', { id: 'b', label: 'Docs', url: 'https://docs.example', newTab: true })]));
    expect(html).toContain('href="https://docs.example" target="_blank" rel="noopener noreferrer"');
    expect(html).toContain('(opens in a new tab)');
  });
});

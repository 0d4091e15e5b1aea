// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SiteProvider } from '../app/site-context.js';
import { messagesFor } from '../i18n/catalogue.js';
import { pageData } from '../testing/page-data.js';
import { SearchModal } from './search-modal.js';
import { useSearch, type SearchState } from './use-search.js';
import type { SearchFilter } from './search-rules.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
const mount = async (node: React.ReactNode) => {
  const container = document.createElement('div');
  document.body.append(container);
  await act(async () => {
    root = createRoot(container);
    root.render(node);
  });
};

afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  vi.useRealTimers();
});

/** Lets React and timers run for a while (outside one act scope, so lazy chunks and pings land). */
async function until<T>(find: () => T | null | undefined, timeout = 2000): Promise<T> {
  const started = Date.now();
  for (;;) {
    await act(async () => new Promise((resolve) => setTimeout(resolve, 25)));
    const found = find();
    if (found !== null && found !== undefined) return found;
    if (Date.now() - started > timeout) throw new Error('timed out');
  }
}

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

describe('search debounce (SPEC §5)', () => {
  let state: SearchState | null = null;
  function Probe({ term, filter, fetcher }: { term: string; filter: SearchFilter; fetcher: typeof fetch }) {
    state = useSearch(term, filter, fetcher);
    return null;
  }

  it('sends one request 500 ms after the last keystroke, none for an empty term', async () => {
    vi.useFakeTimers();
    const fetcher = vi.fn(async () => json({ blog: [{ id: '1', title: 'Painting 101', url: '/blog/painting', image: null, excerpt: '' }] }));
    const f = fetcher as unknown as typeof fetch;
    await mount(<Probe term="" filter="all" fetcher={f} />);
    await act(async () => vi.advanceTimersByTime(2000));
    expect(fetcher).not.toHaveBeenCalled();
    for (const term of ['p', 'pa', 'pai', 'pain']) {
      await act(async () => root!.render(<Probe term={term} filter="all" fetcher={f} />));
      await act(async () => vi.advanceTimersByTime(200));
    }
    expect(fetcher).not.toHaveBeenCalled();
    expect(state!.loading).toBe(true);
    await act(async () => vi.advanceTimersByTime(300));
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect((fetcher.mock.calls[0] as unknown[])[0]).toBe('/api/site/search?term=pain&type=all');
    await act(async () => vi.runAllTimersAsync());
    expect(state!.groups.map((g) => g.type)).toEqual(['blog']);
    await act(async () => root!.render(<Probe term="pain" filter="members" fetcher={f} />));
    await act(async () => vi.advanceTimersByTime(500));
    expect((fetcher.mock.calls[1] as unknown[])[0]).toBe('/api/site/search?term=pain&type=members');
  });
});

describe('the search modal', () => {
  const payload = { data: pageData(), messages: messagesFor('en'), renderedAt: 0 };

  it('opens with Ctrl+K, shows grouped hits and errors.notFound for a long term with no match', async () => {
    const fetch = vi.fn(async (url: string) =>
      url.includes('term=zzzz')
        ? json({ blog: [], members: [] })
        : json({
            members: [{ id: 'm', title: 'Mia Member', url: '/members/mia', image: null, excerpt: '' }],
            blog: [{ id: 'b', title: 'Mia writes', url: '/blog/mia', image: null, excerpt: 'A post' }],
          }),
    );
    vi.stubGlobal('fetch', fetch);
    await mount(
      <SiteProvider payload={payload}>
        <button type="button" id="before">
          before
        </button>
        <SearchModal />
      </SiteProvider>,
    );
    const before = document.getElementById('before')!;
    before.focus();
    await act(async () => void document.dispatchEvent(new KeyboardEvent('keydown', { key: 'k', ctrlKey: true, bubbles: true })));
    const input = await until(() => document.querySelector<HTMLInputElement>('[data-testid="search-input"]'));
    expect(document.activeElement).toBe(input);
    const type = async (value: string) =>
      act(async () => {
        const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
        setter.call(input, value);
        input.dispatchEvent(new Event('input', { bubbles: true }));
      });
    await type('mia');
    await until(() => document.querySelector('[data-testid="search-group-members"]'));
    expect(document.querySelector('[data-testid="search-group-blog"]')!.textContent).toContain('Mia writes');
    expect(document.querySelector('[data-testid="search-group-members"]')!.textContent).toContain('Mia Member');
    // Arrow keys move through the hits.
    await act(async () => void input.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true })));
    expect(input.getAttribute('aria-activedescendant')).toBe(document.querySelector('[role="option"]')!.id);
    await type('zzzz');
    expect((await until(() => document.querySelector('[data-testid="search-not-found"]'))).textContent).toBe('Nothing found');
    await act(async () => void document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })));
    expect(document.querySelector('[data-testid="search-modal"]')).toBeNull();
    expect(document.activeElement).toBe(before);
    vi.unstubAllGlobals();
  });

  const ctrlK = async () =>
    act(async () => void document.dispatchEvent(new KeyboardEvent('keydown', { key: 'k', ctrlKey: true, bubbles: true, cancelable: true })));
  const typeInto = async (input: HTMLInputElement, value: string) =>
    act(async () => {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setter.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });

  it('leaves Ctrl+K to the browser when the owner switched the header search off', async () => {
    const off = { ...payload, data: pageData({}, { header: { header_search: false } }) };
    await mount(
      <SiteProvider payload={off}>
        <SearchModal />
      </SiteProvider>,
    );
    const event = new KeyboardEvent('keydown', { key: 'k', ctrlKey: true, bubbles: true, cancelable: true });
    await act(async () => void document.dispatchEvent(event));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(document.querySelector('[data-testid="search-modal"]')).toBeNull();
    expect(event.defaultPrevented).toBe(false);
  });

  it('shows the default avatar for a member whose picture fails, and no picture for other hits whose image fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json({
          members: [
            { id: 'm1', title: 'Mia Member', url: '/members/mia', image: 'https://school.example/avatars/gone.jpg', excerpt: '' },
            { id: 'm2', title: 'Max Member', url: '/members/max', image: null, excerpt: '' },
          ],
          blog: [{ id: 'b', title: 'Mia writes', url: '/blog/mia', image: 'https://school.example/media/gone.jpg', excerpt: '' }],
        }),
      ),
    );
    await mount(
      <SiteProvider payload={payload}>
        <SearchModal />
      </SiteProvider>,
    );
    await ctrlK();
    const input = await until(() => document.querySelector<HTMLInputElement>('[data-testid="search-input"]'));
    await typeInto(input, 'mia');
    const members = await until(() => document.querySelector('[data-testid="search-group-members"]'));
    const blog = document.querySelector('[data-testid="search-group-blog"]')!;
    // Before anything fails: the stored pictures, and the default avatar for the member without one.
    expect(members.querySelectorAll('img')).toHaveLength(1);
    expect(members.querySelectorAll('[data-testid="default-avatar"]')).toHaveLength(1);
    expect(blog.querySelectorAll('img')).toHaveLength(1);
    await act(async () => {
      for (const image of document.querySelectorAll('[data-testid="search-modal"] img')) image.dispatchEvent(new Event('error'));
    });
    expect(members.querySelectorAll('img')).toHaveLength(0);
    expect(members.querySelectorAll('[data-testid="default-avatar"]')).toHaveLength(2);
    expect(blog.querySelectorAll('img, [data-testid="default-avatar"]')).toHaveLength(0);
    expect(blog.textContent).toContain('Mia writes');
    vi.unstubAllGlobals();
  });
});

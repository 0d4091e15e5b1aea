// @vitest-environment happy-dom
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
// The kernel's cookie name, as the default theme spells it for the browser (its tests keep them equal).
import { COLOR_SCHEME_COOKIE, clientData, messagesFor, NO_EXTENSIONS, type PagePayload } from '@lectern/theme-default';
import type { SitePageData } from '@lectern/sdk';
import { contentItem, pageData } from '../test-support/page-data.js';
import { ProviderRoot } from './app.js';
import { interactiveView } from './interactive-views.js';
import { providerParts } from './server-parts.js';

// React only batches updates inside act() when told it runs under a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;

/**
 * Draws the page as the server would (every part), then hydrates it as client.tsx does: with the
 * data the server embeds and only the interactive page's component.
 */
async function hydrate(data: SitePageData): Promise<HTMLElement> {
  const messages = messagesFor('en');
  const container = document.createElement('div');
  container.innerHTML = renderToString(<ProviderRoot payload={{ data, messages, renderedAt: 0 }} {...providerParts(data, NO_EXTENSIONS)} />);
  document.body.replaceChildren(container);
  const payload: PagePayload = { data: clientData(data), messages, renderedAt: 0 };
  const load = interactiveView(payload.data);
  const content = load === undefined ? undefined : await load();
  const mismatches: unknown[] = [];
  await act(async () => {
    root = hydrateRoot(container, <ProviderRoot payload={payload} content={content} />, { onRecoverableError: (error) => mismatches.push(error) });
  });
  // The browser must draw exactly what the server sent, or React throws the server's HTML away.
  expect(mismatches).toEqual([]);
  return container;
}

afterEach(async () => {
  await act(async () => root?.unmount());
  root = undefined;
  document.cookie = 'lectern-theme=; Max-Age=0; Path=/';
  localStorage.clear();
});

function button(container: HTMLElement, selector: string): HTMLButtonElement {
  const found = container.querySelector<HTMLButtonElement>(selector);
  if (found === null) throw new Error(`no ${selector}`);
  return found;
}

describe('provider site in the browser', () => {
  it('the theme toggle switches to dark, remembers it in the cookie and localStorage, and back', async () => {
    const container = await hydrate(pageData({ kind: 'home', page: null }));
    const toggle = button(container, '.theme-toggle');
    expect(toggle.getAttribute('aria-label')).toBe('Switch to dark mode');
    await act(async () => toggle.click());
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(document.cookie).toContain(`${COLOR_SCHEME_COOKIE}=dark`);
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(toggle.getAttribute('aria-label')).toBe('Switch to light mode');
    await act(async () => toggle.click());
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(document.cookie).toContain(`${COLOR_SCHEME_COOKIE}=light`);
  });

  it('hydrates every kind of page without a mismatch', async () => {
    for (const path of ['/product', '/use-cases', '/features', '/docs', '/docs/zoom']) {
      await hydrate(pageData({ kind: 'static', path }, { path }));
      await act(async () => root?.unmount());
    }
    const posts = [{ id: 'p1', slug: 'a', title: 'A post', excerpt: 'Short', featuredImage: null, authorName: 'Team', publishedAt: '2025-03-01T10:00:00Z' }];
    await hydrate(pageData({ kind: 'blog', posts, total: 25, page: 2, perPage: 10, category: null }));
  });

  it('keeps a stored page, the header document and the footer as the server drew them', async () => {
    const base = pageData({ kind: 'home', page: null });
    const page = contentItem('page', 'terms', 'Terms', [{ type: 'Heading', props: { id: 'h', text: 'Our terms', level: 'h2' } }]);
    const band = { root: { props: {} }, content: [{ type: 'Heading', props: { id: 'b', text: 'Spring sale', level: 'h2' } }] };
    const container = await hydrate(pageData({ kind: 'page', page, preview: false }, { path: '/terms', shell: { ...base.shell, header: { document: band } } }));
    expect(container.querySelector('main')?.textContent).toContain('Our terms');
    expect(container.querySelector('[data-testid="header-document"]')?.textContent).toBe('Spring sale');
    expect(container.querySelector('footer')?.textContent).toContain('Privacy policy');
  });

  it('the annual toggle on /pricing shows yearly prices', async () => {
    const container = await hydrate(pageData({ kind: 'static', path: '/pricing' }, { path: '/pricing' }));
    const starterPrice = () => container.querySelector('[data-plan="starter"] .plan-price')?.textContent;
    expect(starterPrice()).toBe('$29 /month');
    const annual = container.querySelector<HTMLInputElement>('input[value="annual"]');
    await act(async () => annual?.click());
    expect(starterPrice()).toBe('$299 /year');
    expect(container.querySelector('[data-plan="lifetime"] .plan-price')?.textContent).toBe('$19 one-time');
  });

  it('the mobile menu opens with focus inside and closes on Escape, returning focus', async () => {
    const container = await hydrate(pageData({ kind: 'home', page: null }));
    const menuButton = button(container, '.menu-button');
    const panel = container.querySelector<HTMLElement>('.mobile-menu');
    expect(panel?.hidden).toBe(true);
    await act(async () => menuButton.click());
    expect(menuButton.getAttribute('aria-expanded')).toBe('true');
    expect(panel?.hidden).toBe(false);
    expect(panel?.contains(document.activeElement)).toBe(true);
    await act(async () => {
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(panel?.hidden).toBe(true);
    expect(document.activeElement).toBe(menuButton);
  });

  it('the top bar hides after scrolling down past 100 px and returns on scroll up', async () => {
    const container = await hydrate(pageData({ kind: 'home', page: null }));
    const bar = container.querySelector('header');
    const scrollTo = async (y: number) => {
      await act(async () => {
        Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
        window.dispatchEvent(new Event('scroll'));
        await new Promise((resolve) => window.requestAnimationFrame(() => resolve(undefined)));
      });
    };
    await scrollTo(80);
    expect(bar?.classList.contains('top-bar-hidden')).toBe(false);
    await scrollTo(300);
    expect(bar?.classList.contains('top-bar-hidden')).toBe(true);
    await scrollTo(250);
    expect(bar?.classList.contains('top-bar-hidden')).toBe(false);
  });
});

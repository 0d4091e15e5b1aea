// @vitest-environment happy-dom
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SitePageData, ThemeExtensions } from '@lectern/sdk';
import { CART_OPEN_EVENT, clearSiteExtensions, emitSiteEvent, registerSiteExtensions, useSiteUi } from '@lectern/sdk/site';
import { renderSitePage } from '../render/render-page.js';
import { contentItem, pageData, viewer } from '../testing/page-data.js';
import { noticeSignature, HIDE_HEADER_NOTICE_KEY } from '../notices/notice-window.js';
import { readNotices } from '../lib/site-settings.js';
import type { PagePayload } from './page-payload.js';
import { SiteApp } from './site-app.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const NOW = Date.parse('2025-06-03T12:00:00Z');
let root: Root | null = null;

/** Server-renders the page, puts it in the document like a browser would, and hydrates it as client.tsx does. */
async function load(data: SitePageData, now = NOW, extensions?: ThemeExtensions): Promise<{ problems: unknown[] }> {
  const { html } = renderSitePage(data, { manifest: null, now, ...(extensions === undefined ? {} : { extensions }) });
  const rootHtml = /<div id="root">([\s\S]*)<\/div><script type="application\/json"/.exec(html)![1]!;
  const json = /<script type="application\/json" id="lectern-data">([\s\S]*?)<\/script>/.exec(html)![1]!;
  const payload = JSON.parse(json) as PagePayload;
  document.documentElement.dataset.theme = data.colorScheme;
  document.body.innerHTML = `<div id="root">${rootHtml}</div>`;
  const problems: unknown[] = [];
  await act(async () => {
    root = hydrateRoot(document.getElementById('root')!, <SiteApp payload={payload} />, {
      onRecoverableError: (error) => problems.push(error),
      onUncaughtError: (error) => problems.push(error),
    });
  });
  return { problems };
}

const $ = <T extends Element = HTMLElement>(selector: string) => document.querySelector<T>(selector);
const click = async (el: Element | null) => act(async () => (el as HTMLElement).click());
const key = async (el: Element | Document | null, init: KeyboardEventInit) =>
  act(async () => void (el ?? document).dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, ...init })));

function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
}

beforeEach(() => {
  // Cookies set under the faked clock expire by it: on the real clock a 180-day cookie of 2025
  // looks gone (so it would not be cleared) and comes back once the clock is faked again.
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  clearCookies();
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('hydrating a server-drawn page', () => {
  it('takes over without mismatches and keeps the stored content as drawn', async () => {
    const data = pageData({ route: { kind: 'page', page: contentItem(), preview: false }, path: '/about', viewer: viewer(['manage_options']) });
    const { problems } = await load(data);
    expect(problems).toEqual([]);
    expect($('main')!.textContent).toContain('Hello from the editor');
    expect($('[data-testid="site-footer"]')!.textContent).toContain('We teach everyone.');
    expect($('[data-testid="admin-rail"]')).not.toBeNull();
  });

  it('asks for cookie consent once, after hydration, and remembers the choice', async () => {
    await load(pageData());
    expect($('[data-testid="cookie-notice"]')).not.toBeNull();
    await click($('[data-choice="required"]'));
    expect($('[data-testid="cookie-notice"]')).toBeNull();
    expect(document.cookie).toContain('lectern-cookie-consent=required');
    await act(async () => root?.unmount());
    await load(pageData());
    expect($('[data-testid="cookie-notice"]')).toBeNull();
  });

  it('switches to dark and keeps it in the cookie and localStorage', async () => {
    await load(pageData({}, { settings: { logo: 'media/light.png', dark_logo: 'media/dark.png' } }));
    expect($<HTMLImageElement>('.site-logo__image')!.src).toContain('light.png');
    await click($('[data-testid="theme-toggle"]'));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(document.cookie).toContain('lectern-theme=dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect($<HTMLImageElement>('.site-logo__image')!.src).toContain('dark.png');
    expect($('[data-testid="theme-toggle"]')!.getAttribute('aria-label')).toBe('Switch to light mode');
  });

  it('opens dropdowns from the keyboard and closes them with Escape', async () => {
    await load(pageData());
    const toggle = $('[aria-label="Show Courses submenu"]')!;
    await key(toggle, { key: 'ArrowDown' });
    await act(async () => vi.waitFor(() => expect(document.activeElement?.textContent).toBe('Art')));
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await key(document.activeElement, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('Maths');
    await key(document.activeElement, { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
    await click($('.menu-item--mega > button'));
    expect($('.menu-item--mega')!.classList.contains('is-open')).toBe(true);
  });

  it('opens the mobile drawer as a modal and gives focus back when it closes', async () => {
    await load(pageData());
    const toggle = $('[data-testid="drawer-toggle"]')!;
    toggle.focus();
    await click(toggle);
    const drawer = $('[data-testid="mobile-drawer"]')!;
    expect(drawer.getAttribute('aria-modal')).toBe('true');
    expect(drawer.contains(document.activeElement)).toBe(true);
    expect(drawer.textContent).toContain('Courses');
    await key(document, { key: 'Escape' });
    expect($('[data-testid="mobile-drawer"]')).toBeNull();
    expect(document.activeElement).toBe(toggle);
  });

  it('shows the scheduled header notice inside its window and keeps it dismissed for the session', async () => {
    const notices = {
      enable_header_notice: true,
      header_notice: '<p>Term starts soon</p>',
      header_notice_start: Date.parse('2025-06-01T00:00:00Z'),
      header_notice_expire: Date.parse('2025-06-10T00:00:00Z'),
    };
    const data = pageData({}, { notices });
    await load(data);
    expect($('[data-testid="header-notice"]')!.textContent).toContain('Term starts soon');
    await click($('[aria-label="Dismiss notice"]'));
    expect($('[data-testid="header-notice"]')).toBeNull();
    expect(sessionStorage.getItem(HIDE_HEADER_NOTICE_KEY)).toBe(noticeSignature(readNotices(data.shell).header));
    await act(async () => root?.unmount());
    const { problems } = await load(data);
    expect(problems).toEqual([]);
    expect($('[data-testid="header-notice"]')).toBeNull();
  });

  it('hides a cached notice whose window closed since the server drew it', async () => {
    const notices = { enable_header_notice: true, header_notice: '<p>Sale ends today</p>', header_notice_expire: Date.parse('2025-06-03T13:00:00Z') };
    const { html } = renderSitePage(pageData({}, { notices }), { manifest: null, now: NOW });
    expect(html).toContain('Sale ends today');
    vi.setSystemTime(Date.parse('2025-06-03T14:00:00Z'));
    await load(pageData({}, { notices }), NOW);
    expect($('[data-testid="header-notice"]')).toBeNull();
  });

  it('falls back to the default avatar when the picture fails to load', async () => {
    // happy-dom never loads images; make this one "still loading" until it fails.
    const complete = vi.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(false);
    await load(pageData({ viewer: viewer(['read']) }));
    complete.mockRestore();
    const img = $('[data-testid="user-chip"] img')!;
    expect($('[data-testid="user-chip"] [data-testid="default-avatar"]')).toBeNull();
    await act(async () => void img.dispatchEvent(new Event('error')));
    expect($('[data-testid="user-chip"] [data-testid="default-avatar"]')).not.toBeNull();
  });

  it('opens the user menu with Dashboard and Log out', async () => {
    await load(pageData({ viewer: viewer(['read']) }));
    await click($('.user-chip__button'));
    const items = [...document.querySelectorAll('[role="menuitem"]')].map((el) => el.textContent);
    expect(items).toEqual(['Dashboard', 'Log out']);
    await key(document.activeElement, { key: 'Escape' });
  });

  it("logs out: ends the cookie's session at the kernel even without a browser session, then reloads", async () => {
    // No site config: supabase-js cannot start, so only the kernel's signout can end the session.
    const fetch = vi.fn(async (url: string, _init?: RequestInit) =>
      url === '/api/site/signout' ? new Response('{"status":true}', { status: 200 }) : new Response('{}', { status: 503 }),
    );
    vi.stubGlobal('fetch', fetch);
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => undefined);
    await load(pageData({ viewer: viewer(['read']) }));
    await click($('.user-chip__button'));
    await click([...document.querySelectorAll<HTMLElement>('[role="menuitem"]')].find((el) => el.textContent === 'Log out')!);
    await act(async () => vi.waitFor(() => expect(reload).toHaveBeenCalled()));
    const signout = fetch.mock.calls.find(([url]) => url === '/api/site/signout');
    expect(signout?.[1]).toMatchObject({ method: 'POST', body: '{}', credentials: 'same-origin' });
    reload.mockRestore();
  });

  it('keeps the header document band as the server drew it', async () => {
    const base = pageData();
    const band = { root: { props: {} }, content: [{ type: 'Heading', props: { id: 'b', text: 'Spring sale', level: 'h2' } }] };
    const { problems } = await load(pageData({}, { header: { ...base.shell.header, document: band } }));
    expect(problems).toEqual([]);
    expect($('[data-testid="site-header"] [data-testid="header-document"]')!.textContent).toBe('Spring sale');
  });

  it("keeps a plugin's page without chrome as drawn, still asks for cookie consent, and shows no admin rail", async () => {
    const Checkout = ({ data }: { data: unknown }) => <h1>{`Pay ${String((data as { total?: number }).total)} USD`}</h1>;
    const extensions: ThemeExtensions = { views: new Map([['shop/checkout', Checkout]]), blocks: {} };
    const route = { kind: 'plugin' as const, plugin: 'shop', view: 'checkout', chrome: false, params: {}, data: { total: 42 }, adminLinks: [] };
    const { problems } = await load(pageData({ route, path: '/checkout', viewer: viewer(['manage_options']) }), NOW, extensions);
    expect(problems).toEqual([]);
    expect($('main')!.textContent).toBe('Pay 42 USD');
    expect($('[data-testid="cookie-notice"]')).not.toBeNull();
    expect($('[data-testid="site-header"]')).toBeNull();
    expect($('[data-testid="site-footer"]')).toBeNull();
    expect($('[data-testid="admin-rail"]')).toBeNull();
  });

  // The count itself is the shop's (its header widget, tested in plugins/ecommerce): the theme only draws the slot.
  it("draws plugins' header widgets in the header, with the theme's HeaderButton", async () => {
    function CartWidget() {
      const { HeaderButton } = useSiteUi();
      return <HeaderButton icon="cart" label="Cart, items: 2" badge={2} onClick={() => emitSiteEvent(CART_OPEN_EVENT)} testId="header-cart" />;
    }
    await load(pageData());
    expect($('[data-testid="header-cart"]')).toBeNull();
    await act(async () => registerSiteExtensions('shop', { header: [CartWidget] }));
    const cart = $('[data-testid="site-header"] [data-testid="header-cart"]')!;
    expect(cart.getAttribute('aria-label')).toBe('Cart, items: 2');
    expect(cart.querySelector('.icon-button__badge')!.textContent).toBe('2');
    const opened = vi.fn();
    window.addEventListener('lectern:cart-open', opened);
    await click(cart);
    expect(opened).toHaveBeenCalledTimes(1);
    await act(async () => clearSiteExtensions());
    expect($('[data-testid="header-cart"]')).toBeNull();
  });

  it('clears the page cache for the current path, then reloads', async () => {
    const fetch = vi.fn(async (_url: string) => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => undefined);
    const data = pageData({ route: { kind: 'page', page: contentItem(), preview: false }, viewer: viewer(['manage_options']) });
    await load(data);
    await click($('[data-testid="admin-clear-cache"]'));
    await act(async () => vi.waitFor(() => expect(reload).toHaveBeenCalled()));
    expect(fetch.mock.calls[0]![0]).toBe(`/api/site/revalidateCache?site=${data.shell.account.id}&path=${encodeURIComponent(window.location.pathname)}`);
  });

  it('shows back-to-top after 200 px and the header shadow after 20 px', async () => {
    await load(pageData());
    expect($('[data-testid="back-to-top"]')).toBeNull();
    const scrollTo = async (y: number) =>
      act(async () => {
        Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
        window.dispatchEvent(new Event('scroll'));
        await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
      });
    await scrollTo(50);
    expect($('[data-testid="site-header"]')!.classList.contains('is-scrolled')).toBe(true);
    expect($('[data-testid="back-to-top"]')).toBeNull();
    await scrollTo(250);
    expect($('[data-testid="back-to-top"]')).not.toBeNull();
    await scrollTo(0);
  });
});

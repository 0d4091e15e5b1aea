// @vitest-environment happy-dom
import { act, useEffect, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSiteExtensions, islandAttributes, SiteSlot, useSite as useKitSite, useSiteUi } from '@lectern/sdk/site';
import type { SitePageData } from '@lectern/sdk';
import { en } from '../i18n/en.js';
import { pageData } from '../testing/page-data.js';
import type { PagePayload } from './page-payload.js';
import { SiteProvider, useSite } from './site-context.js';
import { mountPluginIslands, PLUGIN_GLOBAL_ATTRIBUTE, type GlobalProps, type IslandProps, type PluginClientModule } from './plugin-islands.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let roots: Root[] = [];

afterEach(async () => {
  await act(async () => roots.forEach((root) => root.unmount()));
  roots = [];
  clearSiteExtensions();
  document.body.innerHTML = '';
});

/** An element's markup as a server view draws it: the island's attributes around a no-JS fallback. */
function islandHtml(plugin: string, island: string, props: unknown, fallback: string): string {
  const attributes = Object.entries(islandAttributes(plugin, island, props))
    .map(([name, value]) => `${name}="${value.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`)
    .join(' ');
  return `<div ${attributes}>${fallback}</div>`;
}

function AddToCart({ props, page }: IslandProps) {
  const { productId } = props as { productId: string };
  return <button data-testid="add-to-cart">{`Add ${productId} on ${page.shell.account.name}`}</button>;
}

function CartModal({ page }: GlobalProps) {
  return <dialog data-testid="cart-modal">{`Cart of ${page.shell.account.slug}`}</dialog>;
}

const log = () => ({ warn: vi.fn(), error: vi.fn() });

const payloadOf = (data: SitePageData): PagePayload => ({ data, messages: en, renderedAt: Date.UTC(2026, 0, 1) });

describe('mountPluginIslands', () => {
  it('mounts each known island with its props and the global part, and leaves unknown islands as drawn', async () => {
    document.body.innerHTML = `<div id="root"><main>${[
      islandHtml('shop', 'add-to-cart', { productId: 'tea' }, '<a href="/cart?add=tea">Add tea</a>'),
      islandHtml('shop', 'add-to-cart', { productId: 'cake' }, '<a href="/cart?add=cake">Add cake</a>'),
      islandHtml('shop', 'wishlist', {}, '<span>Wishlist fallback</span>'),
    ].join('')}</main></div>`;
    const shop: PluginClientModule = { islands: { 'add-to-cart': AddToCart }, global: CartModal };
    const problems = log();
    await act(async () => {
      roots = await mountPluginIslands({ payload: payloadOf(pageData({}, { plugins: ['shop'] })), loaders: { shop: async () => shop }, log: problems });
    });
    const buttons = [...document.querySelectorAll('[data-testid="add-to-cart"]')].map((button) => button.textContent);
    expect(buttons).toEqual(['Add tea on Maple School', 'Add cake on Maple School']);
    expect(document.body.textContent).not.toContain('Add tea</a>');
    expect(document.body.textContent).toContain('Wishlist fallback');
    expect(problems.warn).toHaveBeenCalledOnce();
    expect(problems.warn.mock.calls[0]![0]).toContain('"wishlist"');
    const host = document.querySelector(`[${PLUGIN_GLOBAL_ATTRIBUTE}="shop"]`);
    expect(host?.parentElement).toBe(document.body);
    expect(host?.textContent).toBe('Cart of school');
    expect(roots).toHaveLength(3);
  });

  it('loads only the modules of plugins that are on for the account', async () => {
    document.body.innerHTML = islandHtml('shop', 'add-to-cart', { productId: 'tea' }, 'Add tea');
    const load = vi.fn(async () => ({ islands: { 'add-to-cart': AddToCart } }));
    await act(async () => {
      roots = await mountPluginIslands({ payload: payloadOf(pageData({}, { plugins: ['lms'] })), loaders: { shop: load }, log: log() });
    });
    expect(load).not.toHaveBeenCalled();
    expect(document.body.textContent).toBe('Add tea');
  });

  it('reports a module that fails to load and still mounts the other plugins', async () => {
    document.body.innerHTML = islandHtml('broken', 'thing', {}, 'Broken fallback') + islandHtml('shop', 'add-to-cart', { productId: 'tea' }, 'Add tea');
    const problems = log();
    await act(async () => {
      roots = await mountPluginIslands({
        payload: payloadOf(pageData({}, { plugins: ['broken', 'shop'] })),
        loaders: { broken: () => Promise.reject(new Error('chunk 404')), shop: async () => ({ islands: { 'add-to-cart': AddToCart } }) },
        log: problems,
      });
    });
    expect(problems.error).toHaveBeenCalledOnce();
    expect(problems.error.mock.calls[0]![0]).toContain('"broken"');
    expect(document.body.textContent).toContain('Broken fallback');
    expect(document.querySelector('[data-testid="add-to-cart"]')?.textContent).toBe('Add tea on Maple School');
  });

  it('leaves an island inside another island to the outer one', async () => {
    document.body.innerHTML = islandHtml('shop', 'add-to-cart', { productId: 'outer' }, islandHtml('shop', 'add-to-cart', { productId: 'inner' }, 'inner'));
    await act(async () => {
      roots = await mountPluginIslands({
        payload: payloadOf(pageData({}, { plugins: ['shop'] })),
        loaders: { shop: async () => ({ islands: { 'add-to-cart': AddToCart } }) },
        log: log(),
      });
    });
    expect(roots).toHaveLength(1);
    expect(document.querySelector('[data-testid="add-to-cart"]')?.textContent).toBe('Add outer on Maple School');
  });

  it('draws islands and the global part inside SiteProvider, with the page payload and the session', async () => {
    function SignedInBadge({ session }: IslandProps) {
      const { t, data } = useSite();
      const [token, setToken] = useState<string | null>(null);
      useEffect(() => {
        void session.accessToken().then(setToken);
      }, [session]);
      return <span data-testid="badge">{`${t('header.cart')} · ${data.shell.account.name} · ${token ?? 'signed out'}`}</span>;
    }
    function CartText({ page }: GlobalProps) {
      const { t } = useSite();
      return <p data-testid="global">{t('header.cartCount', { count: page.path.length })}</p>;
    }
    document.body.innerHTML = islandHtml('shop', 'badge', {}, 'fallback');
    await act(async () => {
      roots = await mountPluginIslands({
        payload: payloadOf(pageData({ path: '/abc' }, { plugins: ['shop'] })),
        loaders: { shop: async () => ({ islands: { badge: SignedInBadge }, global: CartText }) },
        session: { accessToken: async () => 'token-1' },
        log: log(),
      });
    });
    expect(document.querySelector('[data-testid="badge"]')?.textContent).toBe('Cart · Maple School · token-1');
    expect(document.querySelector('[data-testid="global"]')?.textContent).toBe('Cart, items: 4');
  });

  it('gives islands a signed-out session when none is passed', async () => {
    let token: string | null | undefined;
    function Probe({ session }: IslandProps) {
      useEffect(() => {
        void session.accessToken().then((value) => (token = value));
      }, [session]);
      return null;
    }
    document.body.innerHTML = islandHtml('shop', 'probe', {}, '');
    await act(async () => {
      roots = await mountPluginIslands({
        payload: payloadOf(pageData({}, { plugins: ['shop'] })),
        loaders: { shop: async () => ({ islands: { probe: Probe } }) },
        log: log(),
      });
    });
    expect(token).toBeNull();
  });
});

describe('extension points', () => {
  it("draws a plugin's header widgets in SiteSlot once its module loaded, with the SDK's site context and the theme's SiteUi", async () => {
    function Widget() {
      const { data, t } = useKitSite();
      const { HeaderButton } = useSiteUi();
      return <HeaderButton icon="cart" label={`${t('header.cart')} of ${data.shell.account.name}`} badge={3} onClick={() => undefined} testId="widget" />;
    }
    const payload = payloadOf(pageData({}, { plugins: ['shop', 'lms'] }));
    document.body.innerHTML = '<header id="slot"></header>';
    const header = createRoot(document.getElementById('slot')!);
    roots.push(header);
    await act(async () =>
      header.render(
        <SiteProvider payload={payload}>
          <SiteSlot point="header" />
        </SiteProvider>,
      ),
    );
    expect(document.querySelector('[data-testid="widget"]')).toBeNull();
    await act(async () => {
      roots.push(
        ...(await mountPluginIslands({ payload, loaders: { shop: async () => ({ extensions: { header: [Widget] } }), lms: async () => ({}) }, log: log() })),
      );
    });
    const widget = document.querySelector('#slot [data-testid="widget"]')!;
    expect(widget.getAttribute('aria-label')).toBe('Cart of Maple School');
    expect(widget.textContent).toBe('3');
  });
});

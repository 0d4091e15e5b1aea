import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ThemeDefinition } from '@lectern/sdk';
import { ISLAND_ATTRIBUTE, ISLAND_PROPS_ATTRIBUTE } from '@lectern/sdk/site';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';
import shopPlugin from '../index.js';
import { monthly, onetime, shop, type Product } from '../test/helpers.js';
import { shopSite } from './index.js';

// The shop as the lead wires it: its site part on top of the plugin (whatever site part it has).
const plugin = { ...shopPlugin, site: { ...shopPlugin.site, ...shopSite, views: { ...shopPlugin.site?.views, ...shopSite.views } } };

let t: TestKernel;
let account: TestAccount;
let owner: TestMember;
let call: ReturnType<typeof shop>;
let tea: Product;
let club: Product;

const page = (url: string, as?: TestMember) => t.request({ url, account, ...(as === undefined ? {} : { as }) });

/** The props of the first island of that name on the page, as the browser will read them. */
function islandProps(html: string, island: string): unknown {
  const match = new RegExp(`${ISLAND_ATTRIBUTE}="ecommerce/${island}" ${ISLAND_PROPS_ATTRIBUTE}="([^"]*)"`).exec(html);
  if (match === null) return undefined;
  return JSON.parse(
    match[1]!
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&'),
  );
}

beforeAll(async () => {
  // The real default theme, imported by name so this package's type-check stays off its browser code.
  const themePackage: string = '@lectern/theme-default';
  const { theme } = (await import(themePackage)) as { theme: ThemeDefinition };
  t = await createTestKernel({ plugins: [plugin], themes: { site: theme } });
  account = await t.createAccount({ plan: 'professional' });
  owner = await t.createMember(account, { role: 'owner' });
  call = shop(t);
  club = await call<Product>('POST', '/products', owner, monthly('Tea club', 1500), 201);
  tea = await call<Product>(
    'POST',
    '/products',
    owner,
    onetime('Green tea', 1999, { description: '<p>Fresh <b>leaves</b> from the hills.</p>', cross: [club.id] }),
    201,
  );
  await call('PUT', '/settings', owner, { offline: { enabled: true, instructions: 'Pay by bank transfer to IBAN XX00.' } });
});

afterAll(async () => {
  await t?.close();
});

describe('/checkout', () => {
  it('is drawn without the site header and footer, with the checkout island and a no-JS fallback', async () => {
    const res = await page('/checkout');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('data-testid="checkout-page"');
    expect(res.body).toContain(`${ISLAND_ATTRIBUTE}="ecommerce/checkout"`);
    expect(res.body).toContain('Checkout needs JavaScript');
    expect(res.body).not.toContain('class="site-header');
    expect(res.body).not.toContain('class="site-footer');
    expect(res.body).toContain('data-testid="checkout-home"');
    expect(res.body).toMatch(/<meta name="robots" content="noindex/);
    const props = islandProps(res.body, 'checkout') as { countries: Array<{ code: string; name: string }>; instructions: string; add: unknown };
    expect(props.countries).toContainEqual({ code: 'DE', name: 'Germany' });
    expect(props.instructions).toBe('Pay by bank transfer to IBAN XX00.');
    expect(props.add).toBeNull();
  });

  it('hands the island the product of ?add=<id>, and nothing for an unknown or draft one', async () => {
    const props = islandProps((await page(`/checkout?add=${tea.id}`)).body, 'checkout') as {
      add: { id: string; title: string; amount: number; type: string; cross: string[] };
    };
    expect(props.add).toEqual(expect.objectContaining({ id: tea.id, title: 'Green tea', amount: 1999, type: 'onetime', cross: [club.id] }));
    const draft = await call<Product>('POST', '/products', owner, onetime('Hidden', 100, { status: 'draft' }), 201);
    expect((islandProps((await page(`/checkout?add=${draft.id}`)).body, 'checkout') as { add: unknown }).add).toBeNull();
    expect((islandProps((await page('/checkout?add=not-a-uuid')).body, 'checkout') as { add: unknown }).add).toBeNull();
  });

  it('is never shared through the page cache', async () => {
    await page('/checkout');
    expect((await page('/checkout')).headers['x-cache']).not.toBe('HIT');
  });
});

describe('shop blocks on pages', () => {
  const block = (type: string, props: Record<string, unknown>) => ({ type, props: { id: `${type}-${Math.random().toString(36).slice(2, 8)}`, ...props } });

  it('draws a product card, a grid and a buy button from the published products', async () => {
    const document = {
      root: { props: {} },
      content: [
        block('ProductCard', { product: { id: tea.id, title: 'Green tea' } }),
        block('ProductGrid', { title: 'New in the shop', mode: 'newest', count: 2, products: [] }),
        block('BuyButton', { product: { id: club.id, title: 'Tea club' }, label: 'Join the club' }),
        block('ProductCard', { product: { id: '00000000-0000-4000-8000-000000000000', title: 'Gone' } }),
      ],
    };
    const created = await t.request({ method: 'POST', url: '/api/content/pages', as: owner, payload: { title: 'Shop', slug: 'shop', document } });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { id: string }).id;
    expect((await t.request({ method: 'POST', url: `/api/content/pages/${id}/publish`, as: owner, payload: {} })).statusCode).toBe(200);

    const res = await page('/shop');
    expect(res.statusCode).toBe(200);
    // A page with chrome has the header /checkout lacks.
    expect(res.body).toContain('class="site-header');
    const card = res.body.split('data-testid="product-card-block"')[1]!.split('</ul>')[0]!;
    expect(card).toContain('Green tea');
    expect(card).toContain('$19.99');
    expect(card).toContain('Fresh leaves from the hills.');
    expect(card).toContain(`href="/checkout?add=${tea.id}"`);
    const grid = res.body.split('data-testid="product-grid"')[1]!;
    expect(grid).toContain('New in the shop');
    expect(grid.match(/data-testid="product-card"/g)?.length).toBe(2);
    expect(res.body).toContain('Join the club');
    expect(islandProps(res.body, 'buy-button')).toEqual({ product: expect.objectContaining({ id: tea.id, amount: 1999, cross: [club.id] }), label: '' });
    expect(res.body).not.toContain('data-testid="shop-block-placeholder"');
    expect(res.body).not.toContain('Gone');
  });
});

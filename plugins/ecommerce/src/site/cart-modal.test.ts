// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SitePageData } from '@lectern/sdk';
import type { ShopProduct } from './shop-product.js';

/**
 * The cart modal, buy buttons and coupon box in a test DOM. The browser module is type-checked by
 * its own tsconfig (DOM types): this file reaches it through a driver imported by a computed name,
 * so the server's type-check stays off browser code.
 */
interface Driver {
  mount(input: { page: SitePageData; islands: Array<[string, unknown]>; header?: boolean }): Promise<void>;
  unmount(): Promise<void>;
  settle(work?: () => unknown): Promise<void>;
  exists(selector: string): boolean;
  text(selector: string): string;
  texts(selector: string): string[];
  attribute(selector: string, name: string): string | null;
  hasClass(selector: string, name: string): boolean;
  click(selector: string): Promise<void>;
  type(selector: string, value: string): Promise<void>;
  submit(selector: string): Promise<void>;
  storedCart(): unknown;
  storeCart(cart: unknown): void;
  record(name: string): unknown[];
  clearStorage(): void;
  openCart(): Promise<void>;
  pressEscape(): Promise<void>;
}

const driverPath: string = '../../site/testing/shop-driver.js';
const ui = (await import(driverPath)) as Driver;

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const tea: ShopProduct = { id: id(1), title: 'Green tea', image: '', amount: 1999, was: null, type: 'onetime', frequency: null, cross: [id(2)] };
const cup: ShopProduct = { id: id(2), title: 'Tea cup', image: '', amount: 850, was: null, type: 'onetime', frequency: null, cross: [] };
const club: ShopProduct = {
  id: id(3),
  title: 'Tea club',
  image: '',
  amount: 1500,
  was: null,
  type: 'subscription',
  frequency: { value: 1, parameter: 'month' },
  cross: [],
};
const PRODUCTS = [tea, cup, club];

const page = (): SitePageData =>
  ({
    shell: {
      account: { id: id(99), slug: 'shop', name: 'Tea Shop', isPlatform: false, plan: 'starter', features: [] },
      siteUrl: 'https://shop.example',
      storageUrl: 'https://shop.example/storage/v1/object/public',
      language: 'en',
      direction: 'ltr',
      currency: 'USD',
      settings: {},
      menus: {},
      header: {},
      footer: {},
      theme: {},
      notices: {},
      scripts: '',
      plugins: ['ecommerce'],
    },
    viewer: null,
    path: '/',
    route: { kind: 'home', page: null },
    seo: { title: 'Tea Shop', description: '', url: 'https://shop.example/', image: null, type: 'website', noindex: false },
    recentPosts: [],
    plans: [],
    installedPlugins: [],
    colorScheme: 'light',
    pluginData: {},
    overlays: [],
  }) as SitePageData;

/** The shop API as the browser sees it: quotes priced from PRODUCTS; coupon GOOD takes 5.00 off, OLD has expired. */
function fakeApi() {
  return vi.fn(async (url: string, init?: { method?: string; body?: string }) => {
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    if (url.startsWith('/api/ecommerce/products')) {
      const ids = new URL(url, 'https://shop.example').searchParams.getAll('ids');
      const items = PRODUCTS.filter((p) => ids.includes(p.id)).map((p) => ({
        id: p.id,
        title: p.title,
        metadata: { price: { type: p.type, amount: p.amount, duration: p.frequency }, featured_image: '', cross: p.cross },
      }));
      return json({ count: items.length, items });
    }
    if (url === '/api/ecommerce/cart/quote') {
      const body = JSON.parse(init?.body ?? '{}') as { items: Array<{ id: string; quantity: number }>; coupon?: string };
      const lines = body.items.map(({ id: productId, quantity }) => {
        const p = PRODUCTS.find((item) => item.id === productId)!;
        return { product_id: p.id, title: p.title, image: '', quantity, amount: p.amount, type: p.type, frequency: p.frequency };
      });
      const subtotal = lines.reduce((sum, line) => sum + line.amount * line.quantity, 0);
      const coupon =
        body.coupon === undefined
          ? null
          : body.coupon === 'GOOD'
            ? { name: 'GOOD', valid: true, message: 'cart.couponApplied', discount_type: 'flat', coupon_amount: 500 }
            : body.coupon === 'OLD'
              ? { name: 'OLD', valid: false, message: 'cart.couponExpired', discount_type: 'flat', coupon_amount: 100 }
              : { name: body.coupon, valid: false, message: null, discount_type: null, coupon_amount: null };
      const discount = coupon?.valid ? 500 : 0;
      return json({
        currency: { code: 'USD', digits: 2 },
        lines,
        missing: [],
        subtotal,
        discount,
        total: subtotal - discount,
        coupon,
        providers: ['offline'],
        default_provider: 'offline',
      });
    }
    return new Response('{}', { status: 404 });
  });
}

let api: ReturnType<typeof fakeApi>;

beforeEach(() => {
  ui.clearStorage();
  api = fakeApi();
  vi.stubGlobal('fetch', api);
});

afterEach(async () => {
  await ui.unmount();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('adding to the cart', () => {
  it('opens the cart modal with the item, its price without decimals, and updates the funnel session', async () => {
    const funnel = ui.record('lectern:funnel-update');
    await ui.mount({ page: page(), islands: [['buy-button', { product: tea }]] });
    expect(ui.exists('[data-testid="cart-modal"]')).toBe(false);
    await ui.click('[data-testid="buy-button"]');
    await ui.settle();
    expect(ui.exists('[role="dialog"][aria-modal="true"]')).toBe(true);
    expect(ui.texts('[data-testid="cart-line-title"]')).toEqual(['Green tea']);
    expect(ui.text('[data-testid="cart-line-price"]')).toBe('$20');
    expect(ui.text('[data-testid="cart-subtotal"]')).toBe('$20');
    expect(ui.attribute('[data-testid="cart-checkout"]', 'href')).toBe('/checkout');
    expect(ui.storedCart()).toEqual({
      cartItems: [{ id: tea.id, title: 'Green tea', image: '', quantity: 1, amount: 1999, type: 'oneTime', object: 'product' }],
    });
    expect(funnel).toEqual([{ path: 1, query: { type: 'cart', value: tea.id } }]);
    // The steppers and the remove control change the stored cart.
    await ui.click('[data-testid="cart-increase"]');
    expect(ui.text('[data-testid="cart-quantity"]')).toBe('2');
    await ui.click('[data-testid="cart-remove"]');
    expect(ui.exists('[data-testid="cart-empty"]')).toBe(true);
    expect(ui.storedCart()).toEqual({ cartItems: [] });
  });

  it('opens on the header’s cart event and closes with Escape', async () => {
    await ui.mount({ page: page(), islands: [] });
    await ui.openCart();
    expect(ui.exists('[data-testid="cart-empty"]')).toBe(true);
    await ui.pressEscape();
    expect(ui.exists('[data-testid="cart-modal"]')).toBe(false);
  });

  it('counts the cart from localStorage in the header widget and asks the shop to open it (moved from the default theme)', async () => {
    ui.storeCart({ cartItems: [{ id: 'a', quantity: 2 }] });
    const withCart = page();
    withCart.shell.header = { header_cart: true };
    await ui.mount({ page: withCart, islands: [], header: true });
    expect(ui.attribute('[data-testid="header-cart"]', 'aria-label')).toBe('Cart, items: 2');
    const opened = ui.record('lectern:cart-open');
    await ui.click('[data-testid="header-cart"]');
    expect(opened).toHaveLength(1);
  });

  it('draws no header cart when the owner switched it off', async () => {
    await ui.mount({ page: page(), islands: [], header: true });
    expect(ui.exists('[data-testid="header-slot"]')).toBe(true);
    expect(ui.exists('[data-testid="header-cart"]')).toBe(false);
  });

  it('shows the cross-sell panel only 3000 ms after the add, with add and dismiss', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await ui.mount({ page: page(), islands: [['buy-button', { product: tea }]] });
    await ui.click('[data-testid="buy-button"]');
    await ui.settle(() => vi.advanceTimersByTimeAsync(2999));
    expect(ui.exists('[data-testid="cross-sell"]')).toBe(false);
    await ui.settle(() => vi.advanceTimersByTimeAsync(1));
    expect(ui.texts('[data-testid="cross-sell-item"] .shop-line__title')).toEqual(['Tea cup']);
    expect(ui.attribute('[data-testid="cross-sell-add"]', 'aria-label')).toBe('Add Tea cup to the cart');
    await ui.click('[data-testid="cross-sell-add"]');
    await ui.settle();
    expect(ui.exists('[data-testid="cross-sell"]')).toBe(false);
    expect(ui.texts('[data-testid="cart-line-title"]')).toEqual(['Green tea', 'Tea cup']);
  });

  it('lets a suggestion be dismissed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await ui.mount({ page: page(), islands: [['buy-button', { product: tea }]] });
    await ui.click('[data-testid="buy-button"]');
    await ui.settle(() => vi.advanceTimersByTimeAsync(3000));
    await ui.click('[data-testid="cross-sell-dismiss"]');
    expect(ui.exists('[data-testid="cross-sell"]')).toBe(false);
    expect(ui.texts('[data-testid="cart-line-title"]')).toEqual(['Green tea']);
  });

  it('asks before a subscription replaces the cart; declining leaves the cart unchanged', async () => {
    const cart = { cartItems: [{ id: tea.id, title: 'Green tea', image: '', quantity: 2, amount: 1999, type: 'oneTime', object: 'product' }] };
    ui.storeCart(cart);
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    const funnel = ui.record('lectern:funnel-update');
    await ui.mount({ page: page(), islands: [['buy-button', { product: club }]] });
    expect(ui.text('[data-testid="buy-button"]')).toBe('Subscribe');
    await ui.click('[data-testid="buy-button"]');
    await ui.settle();
    expect(confirm).toHaveBeenCalledWith('A subscription is bought on its own: replace the items in your cart with it?');
    expect(ui.storedCart()).toEqual(cart);
    expect(funnel).toEqual([]);
    expect(ui.exists('[data-testid="cart-modal"]')).toBe(false);
  });

  it('accepted, the subscription replaces the cart (and its coupon) and the visitor goes straight to /checkout', async () => {
    ui.storeCart({ cartItems: [{ id: tea.id, title: 'Green tea', image: '', quantity: 2, amount: 1999, type: 'oneTime', object: 'product' }], coupon: 'GOOD' });
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    // The test DOM's location (this file is type-checked without DOM types).
    const { location } = Reflect.get(globalThis, 'window') as { location: { assign(path: string): void } };
    const assign = vi.spyOn(location, 'assign').mockImplementation(() => undefined);
    const funnel = ui.record('lectern:funnel-update');
    await ui.mount({ page: page(), islands: [['buy-button', { product: club }]] });
    await ui.click('[data-testid="buy-button"]');
    await ui.settle();
    expect(confirm).toHaveBeenCalledWith('A subscription is bought on its own: replace the items in your cart with it?');
    expect(ui.storedCart()).toEqual({ cartItems: [expect.objectContaining({ id: club.id, quantity: 1, amount: 1500, type: 'subscription' })] });
    expect(funnel).toEqual([{ path: 1, query: { type: 'cart', value: club.id } }]);
    expect(assign).toHaveBeenCalledWith('/checkout');
    expect(ui.exists('[data-testid="cart-modal"]')).toBe(false);
    assign.mockRestore();
  });
});

describe('the coupon box', () => {
  it('turns red with the refusal’s message, then green with the name, a remove control and the discount', async () => {
    ui.storeCart({ cartItems: [{ id: tea.id, title: 'Green tea', image: '', quantity: 1, amount: 1999, type: 'oneTime', object: 'product' }] });
    await ui.mount({ page: page(), islands: [] });
    await ui.openCart();
    await ui.click('[data-testid="coupon-open"]');
    expect(ui.attribute('[data-testid="coupon-form"]', 'data-state')).toBe('neutral');

    await ui.type('[data-testid="coupon-input"]', 'OLD');
    await ui.submit('[data-testid="coupon-form"]');
    expect(ui.attribute('[data-testid="coupon-form"]', 'data-state')).toBe('invalid');
    expect(ui.hasClass('[data-testid="coupon-form"]', 'shop-coupon--invalid')).toBe(true);
    expect(ui.attribute('[data-testid="coupon-input"]', 'aria-invalid')).toBe('true');
    expect(ui.attribute('[data-testid="coupon-message"]', 'data-key')).toBe('cart.couponExpired');
    expect(ui.text('[data-testid="coupon-message"]')).toBe('This coupon has expired');

    await ui.type('[data-testid="coupon-input"]', 'NOPE');
    expect(ui.attribute('[data-testid="coupon-form"]', 'data-state')).toBe('neutral');
    await ui.submit('[data-testid="coupon-form"]');
    expect(ui.attribute('[data-testid="coupon-message"]', 'data-key')).toBe('cart.couponNotFound');

    await ui.type('[data-testid="coupon-input"]', 'GOOD');
    await ui.submit('[data-testid="coupon-form"]');
    await ui.settle();
    expect(ui.hasClass('[data-testid="coupon-applied"]', 'shop-coupon--valid')).toBe(true);
    expect(ui.text('[data-testid="coupon-name"]')).toBe('GOOD');
    expect(ui.text('[data-testid="coupon-discount"]')).toBe('−$5');
    expect(ui.text('[data-testid="coupon-applied"]')).toContain('Coupon applied');
    expect(ui.text('[data-testid="cart-total"]')).toBe('$15');
    expect((ui.storedCart() as { coupon?: string }).coupon).toBe('GOOD');

    await ui.click('[data-testid="coupon-remove"]');
    await ui.settle();
    expect(ui.exists('[data-testid="coupon-applied"]')).toBe(false);
    expect((ui.storedCart() as { coupon?: string }).coupon).toBeUndefined();
  });
});

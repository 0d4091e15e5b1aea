import { describe, expect, it } from 'vitest';
import { ISLAND_ATTRIBUTE, ISLAND_PROPS_ATTRIBUTE, islandAttributes, readIsland } from './islands.js';

/** An element as readIsland sees it: only getAttribute. */
const element = (attributes: Record<string, string>) => ({ getAttribute: (name: string) => attributes[name] ?? null });

describe('islandAttributes', () => {
  it('names the plugin and island and writes the props as JSON', () => {
    expect(islandAttributes('ecommerce', 'add-to-cart', { productId: 'p1', quantity: 2 })).toEqual({
      'data-lectern-island': 'ecommerce/add-to-cart',
      'data-island-props': '{"productId":"p1","quantity":2}',
    });
  });

  it('writes missing props as null', () => {
    expect(islandAttributes('ecommerce', 'cart', undefined)[ISLAND_PROPS_ATTRIBUTE]).toBe('null');
  });
});

describe('readIsland', () => {
  it('reads back what islandAttributes wrote, props that need escaping included', () => {
    const props = { title: '<b>"Tea" & cake</b>', tags: ['a', 'b'], price: 9.5 };
    expect(readIsland(element(islandAttributes('shop', 'buy', props)))).toEqual({ plugin: 'shop', island: 'buy', props });
  });

  it('keeps any further slash in the island name', () => {
    expect(readIsland(element({ [ISLAND_ATTRIBUTE]: 'shop/cart/line' }))).toEqual({ plugin: 'shop', island: 'cart/line', props: null });
  });

  it('is null for an unmarked element, a malformed mark or props that are not JSON', () => {
    expect(readIsland(element({}))).toBeNull();
    expect(readIsland(element({ [ISLAND_ATTRIBUTE]: 'shop' }))).toBeNull();
    expect(readIsland(element({ [ISLAND_ATTRIBUTE]: '/buy' }))).toBeNull();
    expect(readIsland(element({ [ISLAND_ATTRIBUTE]: 'shop/' }))).toBeNull();
    expect(readIsland(element({ [ISLAND_ATTRIBUTE]: 'shop/buy', [ISLAND_PROPS_ATTRIBUTE]: '{not json' }))).toBeNull();
  });

  it('treats absent or empty props as null', () => {
    expect(readIsland(element({ [ISLAND_ATTRIBUTE]: 'shop/buy', [ISLAND_PROPS_ATTRIBUTE]: '' }))?.props).toBeNull();
  });
});

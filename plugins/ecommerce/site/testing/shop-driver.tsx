/**
 * Drives the shop's browser module in a test DOM (happy-dom): mounts it the way the theme does
 * (mountPluginIslands, English payload) and offers plain actions and readings, so tests under
 * plugins/ecommerce/src (type-checked without DOM types) can use it through a dynamic import.
 */
import { act } from 'react';
import type { Root } from 'react-dom/client';
import { islandAttributes, type SitePageData } from '@lectern/sdk/site';
import { mountPluginIslands } from '@lectern/theme-default/kit';
import { en } from '../../../../themes/default/src/i18n/en.js';
import * as client from '../client.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let roots: Root[] = [];

export interface MountInput {
  page: SitePageData;
  /** Islands to draw: [island name, props]. */
  islands: Array<[string, unknown]>;
}

export async function mount({ page, islands }: MountInput): Promise<void> {
  document.body.innerHTML = islands
    .map(([name, props]) => {
      const attributes = Object.entries(islandAttributes('ecommerce', name, props))
        .map(([key, value]) => `${key}="${value.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`)
        .join(' ');
      return `<div ${attributes}>fallback</div>`;
    })
    .join('');
  await act(async () => {
    roots = await mountPluginIslands({
      payload: { data: page, messages: en, renderedAt: 0 },
      loaders: { ecommerce: async () => client },
      log: { warn: () => undefined, error: () => undefined },
    });
  });
}

export async function unmount(): Promise<void> {
  await act(async () => roots.forEach((root) => root.unmount()));
  roots = [];
  document.body.innerHTML = '';
}

/** Runs `work` (timers advanced, events sent) and lets React settle. */
export async function settle(work: () => unknown = () => undefined): Promise<void> {
  await act(async () => {
    await work();
  });
}

const one = (selector: string): HTMLElement => {
  const found = document.querySelector<HTMLElement>(selector);
  if (found === null) throw new Error(`nothing matches ${selector}`);
  return found;
};

export const exists = (selector: string): boolean => document.querySelector(selector) !== null;
export const text = (selector: string): string => one(selector).textContent ?? '';
export const texts = (selector: string): string[] => [...document.querySelectorAll(selector)].map((element) => element.textContent ?? '');
export const attribute = (selector: string, name: string): string | null => one(selector).getAttribute(name);
export const hasClass = (selector: string, name: string): boolean => one(selector).classList.contains(name);

export const click = (selector: string): Promise<void> => settle(() => one(selector).click());

export function type(selector: string, value: string): Promise<void> {
  return settle(() => {
    const input = one(selector) as HTMLInputElement;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

export const submit = (selector: string): Promise<void> => settle(() => one(selector).dispatchEvent(new Event('submit', { bubbles: true, cancelable: true })));

export const storedCart = (): unknown => JSON.parse(window.localStorage.getItem('cart') ?? 'null');
export const storeCart = (cart: unknown): void => window.localStorage.setItem('cart', JSON.stringify(cart));

/** The window events of a name sent from now on (their details). */
export function record(name: string): unknown[] {
  const seen: unknown[] = [];
  window.addEventListener(name, (event) => seen.push((event as CustomEvent).detail));
  return seen;
}

export const clearStorage = (): void => window.localStorage.clear();
/** What the header's cart button does. */
export const openCart = (): Promise<void> => settle(() => window.dispatchEvent(new CustomEvent('lectern:cart-open')));
export const pressEscape = (): Promise<void> => settle(() => document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' })));

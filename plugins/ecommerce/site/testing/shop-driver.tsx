/**
 * Drives the shop's browser module in a test DOM (happy-dom): mounts it the way the theme does
 * (mountPluginIslands, English payload) and offers plain actions and readings, so tests under
 * plugins/ecommerce/src (type-checked without DOM types) can use it through a dynamic import.
 */
import { act, type ComponentType, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { clearSiteExtensions, islandAttributes, mountPluginIslands, SiteSlot, type SitePageData } from '@lectern/sdk/site';
import * as client from '../client.js';

/**
 * The shop is exercised inside the real default theme (its SiteProvider: site context and SiteUi),
 * as on a site. The theme is the test's host, loaded by a computed name: the shop's own browser
 * code never imports a theme (eslint: plugins' browser code imports only @lectern/sdk/site).
 */
interface HostTheme {
  SiteProvider: ComponentType<{ payload: { data: SitePageData; messages: unknown; renderedAt: number }; children: ReactNode }>;
  messagesFor(language: string): unknown;
}
const hostThemePackage: string = '@lectern/theme-default';
const host = (await import(/* @vite-ignore */ hostThemePackage)) as HostTheme;

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let roots: Root[] = [];

export interface MountInput {
  page: SitePageData;
  /** Islands to draw: [island name, props]. */
  islands: Array<[string, unknown]>;
  /** Also draw the theme's header slot (where the shop's cart button goes), as the header does. */
  header?: boolean;
}

export async function mount({ page, islands, header = false }: MountInput): Promise<void> {
  document.body.innerHTML = islands
    .map(([name, props]) => {
      const attributes = Object.entries(islandAttributes('ecommerce', name, props))
        .map(([key, value]) => `${key}="${value.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`)
        .join(' ');
      return `<div ${attributes}>fallback</div>`;
    })
    .join('');
  const payload = { data: page, messages: host.messagesFor('en'), renderedAt: 0 };
  const Provider = ({ children }: { children: ReactNode }) => <host.SiteProvider payload={payload}>{children}</host.SiteProvider>;
  await act(async () => {
    const headerRoots: Root[] = [];
    if (header) {
      const slot = document.createElement('div');
      slot.setAttribute('data-testid', 'header-slot');
      document.body.prepend(slot);
      const root = createRoot(slot);
      root.render(
        <Provider>
          <SiteSlot point="header" />
        </Provider>,
      );
      headerRoots.push(root);
    }
    const islandRoots = await mountPluginIslands({
      page,
      Provider,
      loaders: { ecommerce: async () => client },
      log: { warn: () => undefined, error: () => undefined },
    });
    roots = [...headerRoots, ...islandRoots];
  });
}

export async function unmount(): Promise<void> {
  await act(async () => roots.forEach((root) => root.unmount()));
  roots = [];
  clearSiteExtensions();
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

// Shared by the blocks (editor and server) and the server's loader: no server imports here.
import { isProductId, type ShopProduct } from '../shop-product.js';

/** The most products a grid shows. */
export const GRID_MAX = 12;

/** A product as the blocks draw it: the buy button's product plus a short text. */
export interface ShopBlockCard extends ShopProduct {
  excerpt: string;
}

/** What the shop's blocks on a page draw: the site's currency, products by id, each grid's ids. */
export interface ShopBlockData {
  currency: { code: string; digits: number };
  products: Record<string, ShopBlockCard>;
  grids: Record<string, string[]>;
  /** The blocks' words in the site's language; `periods` by product id (" / month"). */
  words: { addToCart: string; subscribe: string; empty: string; periods: Record<string, string> };
}

/** A picked product as stored in a block's props: the picker's { id, title }, or a bare id. */
export function productRefOf(value: unknown): string | null {
  const id = typeof value === 'object' && value !== null ? (value as { id?: unknown }).id : value;
  return isProductId(id) ? id.toLowerCase() : null;
}

export interface GridSettings {
  mode: 'newest' | 'chosen';
  count: number;
  ids: string[];
}

/** A grid's stored props, made safe: the newest 1–12, or up to 12 chosen products in order. */
export function gridSettings(props: Record<string, unknown>): GridSettings {
  const raw = Number(props.count);
  const count = Number.isFinite(raw) ? Math.min(GRID_MAX, Math.max(1, Math.round(raw))) : 6;
  const list = Array.isArray(props.products) ? props.products : [];
  const ids = [
    ...new Set(
      list
        .map((entry) => productRefOf(typeof entry === 'object' && entry !== null && 'product' in entry ? (entry as { product: unknown }).product : entry))
        .filter((id): id is string => id !== null),
    ),
  ].slice(0, GRID_MAX);
  return { mode: props.mode === 'chosen' ? 'chosen' : 'newest', count, ids };
}

/** The key a grid's products are stored under (two grids alike share one list). */
export const gridKey = ({ mode, count, ids }: GridSettings): string => (mode === 'chosen' ? `chosen|${ids.join(',')}` : `newest|${count}`);

/** A product description as a short plain text for a card. */
export function excerptOf(description: string, length = 160): string {
  const plain = description
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length <= length ? plain : `${plain.slice(0, length - 1).trimEnd()}…`;
}

/** The shop's block data from the page's plugin data (`puck.metadata.pluginData`); null in the editor. */
export function shopBlockDataOf(pluginData: Record<string, unknown> | undefined): ShopBlockData | null {
  const data = pluginData?.ecommerce;
  return data !== null && typeof data === 'object' && 'products' in data && 'grids' in data && 'currency' in data ? (data as ShopBlockData) : null;
}

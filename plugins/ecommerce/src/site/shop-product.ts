// Shared by the server (views, blocks, loaders) and the browser (site/): no server imports here (the
// route schemas' import is type-only, erased from the bundle).
import type { ProductWire } from '../products/schemas.js';
import { saleIsOn } from '../sale.js';
import { isUuid } from '../uuid.js';

export type DurationUnit = 'day' | 'week' | 'month' | 'year';

/** How often a subscription renews: every `value` × `parameter` (SPEC §3 frequency). */
export interface Frequency {
  value: number;
  parameter: DurationUnit;
}

/**
 * A product as the public site needs it to show and add it: what a buy button carries in its
 * island props and what the cross-sell panel lists. Amounts in minor units of the site currency.
 */
export interface ShopProduct {
  id: string;
  title: string;
  /** A storage path or URL; '' for none. */
  image: string;
  /** What it costs now: the sale price while a sale is on. */
  amount: number;
  /** The regular price while a sale is on (shown struck through), else null. */
  was: number | null;
  type: 'onetime' | 'subscription';
  frequency: Frequency | null;
  /** Cross-sell product ids (SPEC §3 "cross list of related products"). */
  cross: string[];
}

/** The fields of the API's Product (GET /api/ecommerce/products) this file reads. */
export type ApiProduct = Pick<ProductWire, 'id' | 'title' | 'metadata'>;

/** The API's product as the site's compact form. */
export function shopProductOf(product: ApiProduct): ShopProduct {
  const { price, sale, featured_image, cross } = product.metadata;
  const on = saleIsOn(sale);
  return {
    id: product.id,
    title: product.title,
    image: featured_image,
    amount: on ? sale.amount : price.amount,
    was: on ? price.amount : null,
    type: price.type,
    frequency: price.type === 'subscription' ? (price.duration ?? null) : null,
    cross: [...cross],
  };
}

/** A product id as buy buttons and ?add= carry it. */
export const isProductId = isUuid;

const UNITS: readonly DurationUnit[] = ['day', 'week', 'month', 'year'];

/** A frequency read from untrusted JSON (island props, storage), or null. */
export function frequencyOf(value: unknown): Frequency | null {
  if (typeof value !== 'object' || value === null) return null;
  const { value: count, parameter } = value as { value?: unknown; parameter?: unknown };
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1) return null;
  if (!UNITS.includes(parameter as DurationUnit)) return null;
  return { value: count, parameter: parameter as DurationUnit };
}

/** A ShopProduct read from untrusted JSON (island props), or null when it is not one. */
export function readShopProduct(value: unknown): ShopProduct | null {
  if (typeof value !== 'object' || value === null) return null;
  const raw = value as Record<string, unknown>;
  if (!isProductId(raw.id) || typeof raw.title !== 'string') return null;
  const amount = typeof raw.amount === 'number' && Number.isFinite(raw.amount) && raw.amount >= 0 ? Math.round(raw.amount) : null;
  if (amount === null) return null;
  const type = raw.type === 'subscription' ? 'subscription' : 'onetime';
  return {
    id: raw.id,
    title: raw.title,
    image: typeof raw.image === 'string' ? raw.image : '',
    amount,
    was: typeof raw.was === 'number' && Number.isFinite(raw.was) && raw.was > amount ? Math.round(raw.was) : null,
    type,
    frequency: type === 'subscription' ? frequencyOf(raw.frequency) : null,
    cross: Array.isArray(raw.cross) ? raw.cross.filter(isProductId) : [],
  };
}

/**
 * A product image as a URL: http(s) as stored, or a path in the account's public storage
 * ("bucket/dir/file.png"); null for none or anything else (never emitted as given).
 */
export function productImageUrl(ref: string, storageUrl: string): string | null {
  const value = ref.trim();
  if (value === '') return null;
  if (/^https?:\/\/[^\s<>"]+$/i.test(value)) return value;
  const path = value.replace(/^\/+/, '');
  if (!/^[A-Za-z0-9_][A-Za-z0-9._/-]*$/.test(path) || path.includes('..')) return null;
  return `${storageUrl.replace(/\/+$/, '')}/${path}`;
}

// Shared by the /checkout loader (server) and the checkout island (browser): no server imports.
import type { ShopProduct } from './shop-product.js';

/** What the /checkout page hands its island (the country list is server data: it comes this way). */
export interface CheckoutData {
  countries: Array<{ code: string; name: string }>;
  /** The owner's offline payment instructions ('' when none or offline payments are off). */
  instructions: string;
  /** `?add=<product id>` (the no-JavaScript buy buttons' link): the product to put in the cart. */
  add: ShopProduct | null;
}

/** Reads the island's props (JSON from the page), whatever arrives. */
export function readCheckoutData(props: unknown): CheckoutData {
  const raw = (typeof props === 'object' && props !== null ? props : {}) as Partial<CheckoutData>;
  const countries = Array.isArray(raw.countries) ? raw.countries.filter((c) => typeof c?.code === 'string' && typeof c.name === 'string') : [];
  return { countries, instructions: typeof raw.instructions === 'string' ? raw.instructions : '', add: (raw.add ?? null) as ShopProduct | null };
}

import { COUNTRIES, type SiteRouteInput, type SiteRouteResult } from '@lectern/sdk';
import type { ProviderSettings } from '../db/tables.js';
import { findProduct, productView } from '../products/store.js';
import { ShopParts } from '../services.js';
import { PROVIDERS_OPTION } from '../settings/providers.js';
import type { CheckoutData } from './checkout-data.js';
import { isProductId, shopProductOf } from './shop-product.js';

/** The owner's offline payment instructions, when offline payments are on ('' otherwise). */
async function offlineInstructions(input: SiteRouteInput): Promise<string> {
  const options = input.services.resolve(ShopParts.options);
  const value = options === null ? undefined : await options.get({ db: input.db, accountId: input.accountId }, PROVIDERS_OPTION);
  const settings = (typeof value === 'string' ? (JSON.parse(value) as unknown) : value) as ProviderSettings | undefined;
  // A new site takes offline payments without instructions (DEFAULT_PROVIDERS).
  const offline = settings?.offline;
  return offline?.enabled === true && typeof offline.instructions === 'string' ? offline.instructions.trim().slice(0, 4000) : '';
}

/**
 * /checkout (SPEC §2): the page itself is the same for everyone; the island draws the cart from the
 * browser's storage. The loader hands it what the browser cannot have: the country list (server
 * data), the offline instructions, and the product of `?add=<id>` (buy buttons without JavaScript).
 */
export async function loadCheckout(input: SiteRouteInput): Promise<SiteRouteResult> {
  const wanted = input.query.get('add');
  const row = isProductId(wanted) ? await findProduct(input.db, input.accountId, wanted) : undefined;
  const data: CheckoutData = {
    countries: COUNTRIES.map(({ code, name }) => ({ code, name })),
    instructions: await offlineInstructions(input),
    add: row !== undefined && row.status === 'published' ? shopProductOf(productView(row)) : null,
  };
  return { data, title: 'Checkout', noindex: true };
}

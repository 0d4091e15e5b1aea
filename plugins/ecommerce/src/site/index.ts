import type { PluginSite } from '@lectern/sdk';
import { loadShopBlockData } from './blocks/block-data.js';
import { shopBlocks } from './blocks/shop-blocks.js';
import { loadCheckout } from './checkout-load.js';
import { CheckoutView } from './checkout-view.js';

export type { CheckoutData } from './checkout-data.js';
export type { ShopBlockData } from './blocks/block-settings.js';

/**
 * The shop's public part, drawn by the site's theme: /checkout (SPEC §2: no header or footer; per
 * visitor, so never shared by the page cache) and the product blocks. What reacts in the browser
 * (the cart modal, buy buttons, the checkout form) is the plugin's browser module, site/client.tsx.
 */
export const shopSite: PluginSite = {
  routes: [{ path: '/checkout', view: 'checkout', chrome: false, cacheable: false, load: loadCheckout }],
  // Drawn in the site's language: the kernel hands the view the plugin's words as `t`.
  views: { checkout: CheckoutView },
  blocks: shopBlocks,
  blockData: loadShopBlockData,
};

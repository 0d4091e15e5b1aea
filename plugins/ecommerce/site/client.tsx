/**
 * The shop's browser module (plugins README "Browser islands"): the theme loads it as a chunk of
 * its own after hydration, on every page of a site with the shop on, and draws each part inside
 * the theme's provider. Browser code only: React and @lectern/sdk/site (never a theme: the header's
 * cart is the `header` extension point, drawn wherever the site's theme puts its SiteSlot).
 */
import type { GlobalProps, IslandProps, PluginClientModule } from '@lectern/sdk/site';
import { SHOP_CSS } from '../src/site/shop-css.js';
import { CheckoutScreen } from './checkout/checkout-screen.js';
import { ShopTextProvider } from './i18n/shop-text.js';
import { BuyButton } from './parts/buy-button.js';
import { useCart } from './cart/cart-store.js';
import { CartModal } from './parts/cart-modal.js';
import { CartHeaderButton } from './parts/cart-header-button.js';
import { useCartSync } from './parts/use-cart-sync.js';

/** Keeps a signed-in member's cart saved on the site (drawn once per page, so once). */
function CartSync({ page, session }: GlobalProps) {
  const [cart] = useCart();
  useCartSync(cart, page.viewer !== null, session);
  return null;
}

/** The cart modal and its cross-sell panel, once per page (opened by the header's cart button). */
function ShopGlobal({ page, session }: GlobalProps) {
  return (
    <ShopTextProvider>
      <style>{SHOP_CSS}</style>
      <CartSync page={page} session={session} />
      <CartModal />
    </ShopTextProvider>
  );
}

function BuyButtonIsland({ props }: IslandProps) {
  return (
    <ShopTextProvider>
      <BuyButton props={props} />
    </ShopTextProvider>
  );
}

function CheckoutIsland({ props, session }: IslandProps) {
  return (
    <ShopTextProvider>
      <CheckoutScreen props={props} session={session} />
    </ShopTextProvider>
  );
}

/** The header's cart button with its count (the theme draws it in its header's action row). */
function CartHeaderWidget() {
  return (
    <ShopTextProvider>
      <CartHeaderButton />
    </ShopTextProvider>
  );
}

export const islands: NonNullable<PluginClientModule['islands']> = { 'buy-button': BuyButtonIsland, checkout: CheckoutIsland };
export const global: NonNullable<PluginClientModule['global']> = ShopGlobal;
export const extensions: NonNullable<PluginClientModule['extensions']> = { header: [CartHeaderWidget] };

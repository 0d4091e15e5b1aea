import type { PluginTranslate, SitePageData } from '@lectern/sdk';
import { islandAttributes } from '@lectern/sdk/site';
import type { CheckoutData } from './checkout-data.js';
import { productImageUrl } from './shop-product.js';
import { ShopStyles } from './styles.js';

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** The site's name (and logo when it is one) linking home: /checkout has no header (SPEC §2). */
function HomeLink({ page }: { page: SitePageData }) {
  const title = text(page.shell.settings.sitetitle) || page.shell.account.name;
  const logo = productImageUrl(text(page.shell.settings.logo), page.shell.storageUrl);
  return (
    <a className="shop-frame__home" href="/" data-testid="checkout-home">
      {logo === null ? title : <img src={logo} alt={title} />}
    </a>
  );
}

/**
 * /checkout, drawn on the server without the site's header and footer (`chrome: false`): the page
 * frame and the checkout island, whose fallback says what the page needs (the cart lives in the
 * browser's storage, so nothing can be ordered without JavaScript).
 */
export function CheckoutView({ data, page, t }: { data: unknown; page: SitePageData; t: PluginTranslate }) {
  const checkout = data as CheckoutData;
  return (
    <div className="shop-frame" data-testid="checkout-page">
      <ShopStyles />
      <div className="shop-frame__bar">
        <HomeLink page={page} />
      </div>
      <div className="shop-frame__main">
        <div {...islandAttributes('ecommerce', 'checkout', checkout)} data-testid="checkout-island">
          <h1>{t('checkout.title')}</h1>
          <p>{t('checkout.needsJs')}</p>
          <p>
            <a href="/">{t('checkout.home')}</a>
          </p>
        </div>
      </div>
    </div>
  );
}

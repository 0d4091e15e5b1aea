import type { AccountScope, ProvisionedSite } from '@lectern/sdk';
import { shopDb } from '../db/tables.js';
import { createProduct } from '../products/store.js';
import { shopCurrency } from '../shop-currency.js';

export const STARTER_PRODUCT_TITLE = 'Your first product';

/**
 * A new shop's first product (issue 18, item 2), as a draft: money is involved, so nothing is
 * offered to buyers until the owner has set its price and details and published it. A site that
 * has products already (a second run) gets nothing more.
 */
export async function provisionStarterProduct(scope: AccountScope, site: ProvisionedSite): Promise<void> {
  if (site.template !== 'shop') return;
  const any = await shopDb(scope.db).selectFrom('ecommerce_products').select('id').where('account_id', '=', scope.account.id).limit(1).executeTakeFirst();
  if (any !== undefined) return;
  const currency = shopCurrency(scope.account.settings);
  await createProduct(scope.db, scope.account.id, {
    title: STARTER_PRODUCT_TITLE,
    description: `A sample product of ${site.siteName}. Give it your own title, description, picture and price, then publish it to sell it.`,
    status: 'draft',
    // 29 in the shop's currency, in its minor units.
    price: { type: 'onetime', amount: 29 * 10 ** currency.digits },
  });
}

import type { ShopCustomers } from '../contract.js';
import { shopDb } from '../db/tables.js';

/** ShopContract.customers: the site's buyers, read from its paid orders. */
export const shopCustomers: ShopCustomers = {
  async customerIds(db, accountId) {
    const rows = await shopDb(db)
      .selectFrom('ecommerce_orders')
      .select('user_id')
      .distinct()
      .where('account_id', '=', accountId)
      .where('status', '=', 'paid')
      .execute();
    return rows.map((row) => row.user_id);
  },
};

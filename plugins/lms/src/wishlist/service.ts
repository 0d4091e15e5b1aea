import type { PluginContext } from '@lectern/sdk';
import { courseOnSale } from '../automation/declarations.js';
import type { CourseWishlist } from '../contract.js';
import { lmsDb } from '../db/tables.js';
import { wishlistersOf } from './store.js';

/** LmsContract.wishlist: what a selling plugin calls when a course's product goes on sale. */
export function createWishlistService(ctx: PluginContext): CourseWishlist {
  return {
    async announceSale(scope, courseId, sale) {
      const members = await wishlistersOf(lmsDb(scope.db), scope.accountId, courseId);
      const payload = {
        courseId,
        productId: sale.productId,
        price: sale.price,
        salePrice: sale.salePrice,
        endsAt: sale.endsAt === null ? null : sale.endsAt.toISOString(),
      };
      for (const userId of members) await ctx.automation.raise(scope, courseOnSale, { userId, payload });
      return members.length;
    },
  };
}

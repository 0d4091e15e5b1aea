import type { PluginContext, PluginRequest } from '@lectern/sdk';
import { LmsContract } from '@lectern/plugin-lms/contract';
import { requestScope } from '../scope.js';
import type { ProductWire } from './schemas.js';
import { saleOf, type ProductRow } from './store.js';

const SALE_END_QUEUE = 'ecommerce-sale-end';

/**
 * What a saved product's sale sets off. A sale that starts (or changes price) on a published
 * product selling a course is announced to the LMS, which raises SPEC §9 course_on_sale for each
 * member with the course on their wishlist, in this request's transaction. A sale with an end
 * queues a job for that moment to drop the site's cached pages, which show the sale price until then.
 */
export async function afterProductSaved(plugin: PluginContext, request: PluginRequest, before: ProductRow | null, product: ProductWire): Promise<void> {
  const sale = product.metadata.sale;
  if (sale === null) return;
  const wasOn = before !== null && before.status === 'published' ? saleOf(before) : null;
  const starts = wasOn === null || wasOn.amount !== sale.amount;
  if (starts && product.status === 'published' && product.course_id !== null) {
    await plugin.resolveOptional(LmsContract.wishlist)?.announceSale(requestScope(plugin, request), product.course_id, {
      productId: product.id,
      price: product.metadata.price.amount,
      salePrice: sale.amount,
      endsAt: sale.ends_at === null ? null : new Date(sale.ends_at),
    });
  }
  if (sale.ends_at !== null) {
    const accountId = request.ctx.account.id;
    const endsAt = new Date(sale.ends_at);
    request.ctx.afterCommit(async () => {
      await plugin.jobs.enqueue(
        accountId,
        SALE_END_QUEUE,
        { productId: product.id },
        { key: `sale-end:${product.id}:${endsAt.toISOString()}`, startAfter: endsAt },
      );
    });
  }
}

/** The sale-end job: the site's cached pages go, so product cards and course offers show the regular price again. */
export async function declareSaleEnds(plugin: PluginContext): Promise<void> {
  await plugin.jobs.work<{ productId: string }>(
    SALE_END_QUEUE,
    async ({ account }) => {
      if (account !== null) await plugin.pageCache.purgeAccount(account.id);
    },
    { transaction: false },
  );
}

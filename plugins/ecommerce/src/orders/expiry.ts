import type { PluginContext, PluginRequest } from '@lectern/sdk';
import type { OrderLifecycle } from './lifecycle.js';
import { findOrder, type OrderRow } from './store.js';

/** How long an order waits for its payment at a provider before it fails (and gives its coupon use back). */
export const PENDING_ORDER_HOURS = 24;
const EXPIRE_QUEUE = 'ecommerce-order-expire';

interface ExpireJob {
  orderId: string;
}

/**
 * Orders paid at a provider (Stripe, PayPal, Razorpay) that are never paid would keep their
 * coupon's use for ever: a job due a day later closes the order as failed if it is still pending.
 * Offline orders wait for the owner, who cancels them by hand. Declared in the jobs phase.
 */
export async function declareOrderExpiry(ctx: PluginContext, lifecycle: OrderLifecycle): Promise<void> {
  await ctx.jobs.work<ExpireJob>(
    EXPIRE_QUEUE,
    async ({ account, data, run }) => {
      if (account === null) return;
      const tasks: Array<() => void | Promise<void>> = [];
      await run(async (db) => {
        const order = await findOrder(db, account.id, data.orderId, { lock: true });
        if (order === undefined || order.status !== 'pending') return;
        await lifecycle.close(
          { db, accountId: account.id, features: account.features, afterCommit: (task) => void tasks.push(task), siteName: account.name, origin: '' },
          order,
          'failed',
        );
      });
      for (const task of tasks) await task();
    },
    { transaction: false },
  );
}

/** Queues the expiry check of a new order paid at a provider, once the request commits (the job's id is the order's). */
export function expireLater(ctx: PluginContext, request: PluginRequest, order: OrderRow): void {
  if (order.provider === 'offline' || order.status !== 'pending') return;
  const accountId = request.ctx.account.id;
  request.ctx.afterCommit(async () => {
    await ctx.jobs.enqueue(
      accountId,
      EXPIRE_QUEUE,
      { orderId: order.id },
      { id: order.id, startAfter: new Date(Date.now() + PENDING_ORDER_HOURS * 3_600_000) },
    );
  });
}

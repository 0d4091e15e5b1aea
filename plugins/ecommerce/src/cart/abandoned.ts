import type { DbHandle, PluginApp, PluginContext } from '@lectern/sdk';
import { shopDb } from '../db/tables.js';
import { MANAGE } from '../manifest.js';
import { memberContact } from '../members.js';
import { CartSaved, CartSettingsSchema, SaveCartBody, type CartSettingsWire } from './schemas.js';

/** The queue of abandoned-cart checks: one job per saved version of a member's cart. */
export const ABANDONED_QUEUE = 'ecommerce-cart-abandoned';
/** The option holding how long a cart waits before it counts as abandoned. */
export const CART_OPTION = 'ecommerce_cart';
export const DEFAULT_ABANDONED_MINUTES = 60;

interface AbandonedJob {
  userId: string;
  /** The version of the cart the job checks: a later save schedules its own job. */
  savedAt: string;
}

/** A stable job key per cart version, so saving the same version twice checks it once. */
const jobKey = (accountId: string, job: AbandonedJob) => `${accountId}:${job.userId}:${job.savedAt}`;

/** Forgets the member's saved cart (it became an order). */
export async function forgetCart(db: DbHandle, accountId: string, userId: string): Promise<void> {
  await shopDb(db).deleteFrom('ecommerce_carts').where('account_id', '=', accountId).where('user_id', '=', userId).execute();
}

/**
 * SPEC §9 trigger cart_abandoned, for carts with a known email (signed-in members): the cart island
 * saves the member's cart on each change; a job due after the site's delay raises the trigger if
 * that version of the cart is still there (not changed, not ordered) and was not announced before.
 */
export async function abandonedCartRoutes(app: PluginApp, ctx: PluginContext): Promise<void> {
  const tags = ['ecommerce'];

  app.put(
    '/cart',
    {
      config: { capability: 'read' },
      schema: {
        tags,
        summary: "Save the signed-in member's cart (an empty cart forgets it)",
        body: SaveCartBody,
        response: { 200: CartSaved },
      },
    },
    async (request) => {
      const { ctx: req } = request;
      const db = shopDb(req);
      const userId = req.userId as string;
      if (request.body.items.length === 0) {
        await forgetCart(db, req.account.id, userId);
        return { saved: false };
      }
      const contact = await memberContact(db, req.account.id, userId);
      const email = contact?.email || req.auth?.email || '';
      if (email === '') return { saved: false };
      const savedAt = new Date();
      await db
        .insertInto('ecommerce_carts')
        .values({ account_id: req.account.id, user_id: userId, email, items: JSON.stringify(request.body.items), updated_at: savedAt, abandoned_at: null })
        .onConflict((oc) =>
          oc.columns(['account_id', 'user_id']).doUpdateSet({ email, items: JSON.stringify(request.body.items), updated_at: savedAt, abandoned_at: null }),
        )
        .execute();
      const { abandonedAfterMinutes } = ((await req.options.get(CART_OPTION)) as CartSettingsWire | undefined) ?? {
        abandonedAfterMinutes: DEFAULT_ABANDONED_MINUTES,
      };
      const job: AbandonedJob = { userId, savedAt: savedAt.toISOString() };
      const accountId = req.account.id;
      req.afterCommit(() =>
        ctx.jobs
          .enqueue(accountId, ABANDONED_QUEUE, job, { key: jobKey(accountId, job), startAfter: new Date(savedAt.getTime() + abandonedAfterMinutes * 60_000) })
          .then(() => undefined),
      );
      return { saved: true };
    },
  );

  app.get(
    '/cart-settings',
    { config: { capability: MANAGE }, schema: { tags, summary: 'How long a cart waits before cart_abandoned', response: { 200: CartSettingsSchema } } },
    async (request) => ((await request.ctx.options.get(CART_OPTION)) as CartSettingsWire | undefined) ?? { abandonedAfterMinutes: DEFAULT_ABANDONED_MINUTES },
  );

  app.put(
    '/cart-settings',
    {
      config: { capability: MANAGE },
      schema: { tags, summary: 'Set how long a cart waits before cart_abandoned', body: CartSettingsSchema, response: { 200: CartSettingsSchema } },
    },
    async (request) => {
      await request.ctx.options.set(CART_OPTION, request.body);
      return request.body;
    },
  );
}

/** The check itself, declared in the shop's jobs phase: the cart still as it was saved is marked and cart_abandoned recorded. */
export async function declareAbandonedCartChecks(ctx: PluginContext): Promise<void> {
  await ctx.jobs.work<AbandonedJob>(
    ABANDONED_QUEUE,
    async ({ account, data, run }) => {
      if (account === null) return;
      const tasks: Array<() => void | Promise<void>> = [];
      // The cart is marked and the trigger recorded in one transaction: a retry never raises it twice.
      await run(async (db) => {
        const cart = await shopDb(db)
          .updateTable('ecommerce_carts')
          .set({ abandoned_at: new Date() })
          .where('account_id', '=', account.id)
          .where('user_id', '=', data.userId)
          .where('updated_at', '=', new Date(data.savedAt))
          .where('abandoned_at', 'is', null)
          .returning(['email', 'items'])
          .executeTakeFirst();
        if (cart === undefined) return;
        const scope = { db, accountId: account.id, features: account.features, afterCommit: (task: () => void | Promise<void>) => void tasks.push(task) };
        await ctx.automation.raise(scope, 'cart_abandoned', {
          userId: data.userId,
          payload: { email: cart.email, productIds: cart.items.map((item) => item.id) },
        });
      });
      for (const task of tasks) await task();
    },
    { transaction: false },
  );
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { AnyDb } from '../db/database.js';
import type { JsonObject } from '../db/schema.js';
import { AppError, Errors } from '../errors/errors.js';
import { typed } from '../http/typed-app.js';
import { priceOf } from '../plans/catalogue.js';
import { EmptyBody, StringEnum } from '../schema/kit.js';
import type { RequestContext } from '../tenancy/request-context.js';
import { PlatformBillingToken, PlatformCheckoutToken, type PlatformCheckout } from './contract.js';

/** The platform's own account (its shop sells the plans), read through system access. */
export async function platformAccount(db: AnyDb): Promise<{ accountId: string; settings: JsonObject; name: string } | null> {
  const row = await db.selectFrom('accounts').select(['id', 'settings', 'name']).where('is_platform', '=', true).executeTakeFirst();
  return row === undefined ? null : { accountId: row.id, settings: row.settings, name: row.name };
}

export interface PlatformShop {
  /** System access in the request's transaction (the embedded database serves one connection). */
  db: AnyDb;
  checkout: PlatformCheckout;
  platform: NonNullable<Awaited<ReturnType<typeof platformAccount>>>;
}

/**
 * Runs `work` against the platform's shop from a site's request: the plugin that sells plans, the
 * platform's account, and system access in this request's transaction. Null when nothing sells
 * plans here (no such plugin, or no platform account).
 */
export async function withPlatformShop<T>(
  ctx: Pick<RequestContext, 'container' | 'withSystem'>,
  reason: string,
  work: (shop: PlatformShop) => Promise<T>,
): Promise<T | null> {
  const checkout = ctx.container.isRegistered(PlatformCheckoutToken, true) ? ctx.container.resolve(PlatformCheckoutToken) : undefined;
  if (checkout === undefined) return null;
  return ctx.withSystem(reason, async (db) => {
    const platform = await platformAccount(db);
    return platform === null ? null : work({ db, checkout, platform });
  });
}

const CheckoutBody = Type.Object(
  {
    plan: Type.String({ minLength: 1, maxLength: 40 }),
    interval: StringEnum(['month', 'year', 'once'] as const),
    provider: Type.String({ minLength: 1, maxLength: 20 }),
  },
  { additionalProperties: false },
);

const CheckoutAnswer = Type.Object(
  {
    order_number: Type.String({ description: "The order on the platform's shop" }),
    redirect: Type.Union([Type.String(), Type.Null()], {
      description: "The provider's payment page; null when the platform confirms the payment itself (offline)",
    }),
  },
  { additionalProperties: false },
);

/**
 * POST /api/account/billing/checkout: the owner buys or changes the site's plan from its own
 * dashboard. The order is made in the platform's shop (billing/contract.ts) and the answer says
 * where to pay; open while the site is read-only or suspended, since paying is how it comes back.
 */
export async function planCheckoutRoutes(server: FastifyInstance, deps: { siteUrl(request: FastifyRequest): string }): Promise<void> {
  const app = typed(server);
  app.post(
    '/api/account/billing/checkout',
    {
      config: { capability: 'manage_options', billing: true },
      schema: { tags: ['account'], summary: "Buy or change the site's plan", body: CheckoutBody, response: { 200: CheckoutAnswer } },
    },
    async (request) => {
      const { ctx } = request;
      const { plan, interval, provider } = request.body;
      // LifeTime once, the others monthly or yearly; Starter also once through Razorpay.
      if (priceOf(plan, interval, provider) === undefined)
        throw new AppError(Errors.validation, `The ${plan} plan is not sold ${interval === 'once' ? 'for a one-time price' : `per ${interval}`} this way`);
      const member = await ctx.db
        .selectFrom('members')
        .select('name')
        .where('account_id', '=', ctx.account.id)
        .where('user_id', '=', ctx.userId as string)
        .executeTakeFirst();
      const started = await withPlatformShop(ctx, 'billing: a site orders its plan from the platform', async ({ db, checkout, platform }) => {
        if (!(await checkout.providers(db, platform)).includes(provider))
          throw new AppError(Errors.billingUnavailable, `The platform does not take ${provider} payments for plans`);
        // Only the site's owners pay for it (the platform's shop checks it again when the order is made).
        const site = await ctx.container.resolve(PlatformBillingToken).billableSite(db, ctx.userId as string, ctx.account.id);
        return checkout.start(db, {
          platformAccountId: platform.accountId,
          platformSettings: platform.settings,
          site,
          userId: ctx.userId as string,
          email: ctx.auth?.email ?? '',
          name: member?.name ?? '',
          plan,
          interval,
          provider,
          returnUrl: `${deps.siteUrl(request)}/dashboard/billing`,
        });
      });
      if (started === null) throw new AppError(Errors.billingUnavailable);
      return { order_number: started.orderNumber, redirect: started.redirect };
    },
  );
}

const CancelAnswer = Type.Object(
  {
    plan: Type.String(),
    period_end: Type.Union([Type.String(), Type.Null()], { description: 'The plan runs until then, and is not renewed' }),
    cancel_at_period_end: Type.Boolean(),
  },
  { additionalProperties: false },
);
const InvoiceParams = Type.Object({ id: Type.String({ format: 'uuid' }) }, { additionalProperties: false });
const PdfAnswer = { 200: { description: 'application/pdf: the receipt' } } as const;

/**
 * POST /api/account/billing/cancel: the owner cancels the plan at the end of the period paid for
 * (the provider is told; nothing is renewed); GET /api/account/billing/invoices/{id}.pdf: a
 * receipt of one payment. Both reach the platform's shop through system access, as checkout does.
 */
export async function planAccountRoutes(server: FastifyInstance): Promise<void> {
  const app = typed(server);
  app.post(
    '/api/account/billing/cancel',
    {
      config: { capability: 'manage_options', billing: true },
      schema: { tags: ['account'], summary: "Cancel the site's plan at the end of the period paid for", body: EmptyBody, response: { 200: CancelAnswer } },
    },
    async (request) => {
      const { ctx } = request;
      const cancelled = await withPlatformShop(ctx, 'billing: an owner cancels the plan', async ({ db, checkout, platform }) => {
        await ctx.container.resolve(PlatformBillingToken).billableSite(db, ctx.userId as string, ctx.account.id);
        return checkout.cancel(db, platform.accountId, ctx.account.id);
      });
      if (cancelled === null) throw new AppError(Errors.notFound, 'The site has no plan subscription to cancel');
      return { plan: cancelled.plan, period_end: cancelled.periodEnd, cancel_at_period_end: cancelled.cancelAtPeriodEnd };
    },
  );

  app.get(
    '/api/account/billing/invoices/:id.pdf',
    {
      config: { capability: 'manage_options', billing: true },
      schema: { tags: ['account'], summary: 'The receipt of one payment for the site’s plan, as a PDF', params: InvoiceParams, response: PdfAnswer },
    },
    async (request, reply) => {
      const { ctx } = request;
      const pdf = await withPlatformShop(ctx, 'billing: a receipt of the site’s plan', ({ db, checkout, platform }) =>
        checkout.invoicePdf(db, { accountId: platform.accountId, name: platform.name }, { id: ctx.account.id, name: ctx.account.name }, request.params.id),
      );
      if (pdf === null) throw new AppError(Errors.notFound, 'The site has no such payment');
      reply.header('content-type', 'application/pdf');
      reply.header('content-disposition', `attachment; filename="receipt-${request.params.id.slice(0, 8)}.pdf"`);
      return Buffer.from(pdf);
    },
  );
}

import { appError, type PluginContext, type Selectable } from '@lectern/sdk';
import { shopDb, type OrderLine, type SubscriptionsTable } from '../db/tables.js';
import { ShopErrors } from '../errors.js';
import { releaseCoupon } from '../coupons/store.js';
import { giveCourse, takeBackCourses } from '../fulfilment/course-grants.js';
import type { Memberships } from '../memberships/service.js';
import { productsByIdsAnyStatus } from '../products/store.js';
import type { ShopScope } from '../scope.js';
import { raise } from '../triggers.js';
import { newOrderNumber } from './number.js';
import { RENEWAL_GRACE_DAYS, type SubscriptionRenewals } from './renewals.js';
import type { PlanEvents } from '../platform-plans/plan-events.js';
import { periodEnd } from './schedule.js';
import { findOrder, findSubscription, type OrderRow } from './store.js';

export interface PaymentInput {
  provider: string;
  /** The provider's id of the charge; offline payments use the order's id. Unique per provider. */
  providerPaymentId: string;
  /** For subscriptions sold through a provider: its subscription id, and when the paid period ends. */
  subscriptionId?: string | null;
  currentPeriodEnd?: Date | null;
  /** What was taken, in minor units (default: the order's total); 0 for a subscription whose trial runs first. */
  amount?: number;
}

/** What refunding `amount` (null: all that is left) takes from a paid order; throws when it cannot. */
export function refundAmount(order: OrderRow, amount: number | null): number {
  if (order.status !== 'paid') throw appError(ShopErrors.orderState);
  const left = Number(order.total_amount) - Number(order.refunded_amount);
  const refund = amount ?? left;
  if (refund <= 0 || refund > left) throw appError(ShopErrors.refundTooLarge);
  return refund;
}

/**
 * An order's life after checkout: paid (fulfilled once), refunded, cancelled or failed. Every
 * change is a conditional update on the order's status, so a repeated call (a webhook delivered
 * twice, two clicks on "mark paid") changes nothing the second time.
 */
export class OrderLifecycle {
  constructor(
    private readonly ctx: PluginContext,
    private readonly memberships: Memberships,
    private readonly renewals: SubscriptionRenewals,
    private readonly plans: PlanEvents,
  ) {}

  /**
   * pending → paid, records the payment and delivers what was bought (a renewal order renews its
   * subscription instead); false if it was not pending.
   */
  async markPaid(scope: ShopScope, order: OrderRow, payment: PaymentInput, now = new Date()): Promise<boolean> {
    const db = shopDb(scope.db);
    const paid = await db
      .updateTable('ecommerce_orders')
      .set({ status: 'paid', paid_at: now, updated_at: now })
      .where('account_id', '=', scope.accountId)
      .where('id', '=', order.id)
      .where('status', '=', 'pending')
      .returning('id')
      .executeTakeFirst();
    if (paid === undefined) {
      // Money taken for an order closed meanwhile (cancelled while the buyer was paying): the owner must refund or reopen it.
      if (order.status === 'cancelled' || order.status === 'failed') {
        this.ctx.log.error(
          { accountId: scope.accountId, orderId: order.id, provider: payment.provider, providerPaymentId: payment.providerPaymentId },
          'a payment arrived for a closed order',
        );
      }
      return false;
    }
    const taken = payment.amount ?? Number(order.total_amount);
    // A subscription whose trial runs first took nothing yet: its first payment is its first renewal.
    if (taken > 0 || Number(order.total_amount) === 0) {
      await db
        .insertInto('ecommerce_payments')
        .values({
          account_id: scope.accountId,
          order_id: order.id,
          provider: payment.provider,
          provider_payment_id: payment.providerPaymentId,
          amount: taken,
          currency: order.currency,
          kind: 'payment',
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    if (order.renews_subscription_id === null) await this.fulfil(scope, order, payment, now);
    else await this.renewFromOrder(scope, order, order.renews_subscription_id);
    // A trial started with a card on file is not a payment yet: payment_success comes with the first charge.
    if (taken > 0 || Number(order.total_amount) === 0) {
      await raise(this.ctx, scope, 'payment_success', { userId: order.user_id, orderId: order.id, amount: taken, currency: order.currency });
    }
    return true;
  }

  /** Delivers each line: a course enrols the buyer, a membership level is granted, a subscription starts. */
  private async fulfil(scope: ShopScope, order: OrderRow, payment: PaymentInput, now: Date): Promise<void> {
    const db = shopDb(scope.db);
    const products = await productsByIdsAnyStatus(
      db,
      scope.accountId,
      order.items.map((line) => line.product_id),
    );
    for (const line of order.items) {
      const product = products.get(line.product_id);
      if (product === undefined) continue;
      if (product.course_id !== null) await giveCourse(this.ctx, scope, order.user_id, product.course_id, `order:${order.id}`);
      const trialing = payment.amount === 0 && Number(order.total_amount) > 0;
      // A plan bought for a site replaces the site's earlier one.
      if (product.platform_plan !== null) await this.plans.replace(scope, order.billed_site_id, order.id);
      if (product.platform_plan !== null && line.type !== 'subscription') {
        this.plans.started(scope, { siteId: order.billed_site_id, plan: product.platform_plan, paidUntil: null, trialing: false });
      }
      if (product.membership_id !== null) {
        await this.memberships.grant(scope, product.membership_id, order.user_id, line.type === 'subscription' ? 'subscription' : 'purchase', order.id);
      }
      if (line.type === 'subscription' && line.frequency !== null) {
        const currentPeriodEnd = payment.currentPeriodEnd ?? periodEnd(now, line.frequency.value, line.frequency.parameter);
        const subscription = await db
          .insertInto('ecommerce_subscriptions')
          .values({
            account_id: scope.accountId,
            user_id: order.user_id,
            product_id: line.product_id,
            order_id: order.id,
            provider: payment.provider,
            provider_subscription_id: payment.subscriptionId ?? null,
            status: 'active',
            current_period_end: currentPeriodEnd,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        // No provider bills it (sold offline, or free through a coupon): its renewals are ours.
        if (payment.subscriptionId == null) this.renewals.schedule(scope, subscription.id, currentPeriodEnd);
        if (product.platform_plan !== null) {
          this.plans.started(scope, { siteId: order.billed_site_id, plan: product.platform_plan, paidUntil: trialing ? null : currentPeriodEnd, trialing });
        }
        await raise(this.ctx, scope, 'subscription_started', { userId: order.user_id, productId: line.product_id, subscriptionId: subscription.id });
      }
    }
  }

  /**
   * Refunds `amount` (default: what is left). A full refund sets the order refunded and takes back
   * what it delivered: its membership levels end and its courses are unenrolled, unless the buyer
   * holds them another way.
   */
  async refund(scope: ShopScope, order: OrderRow, amount: number | null, providerRefundId: string): Promise<OrderRow> {
    const db = shopDb(scope.db);
    const refund = refundAmount(order, amount);
    const full = refund === Number(order.total_amount) - Number(order.refunded_amount);
    const updated = await db
      .updateTable('ecommerce_orders')
      .set({ refunded_amount: Number(order.refunded_amount) + refund, status: full ? 'refunded' : 'paid', updated_at: new Date() })
      .where('account_id', '=', scope.accountId)
      .where('id', '=', order.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await db
      .insertInto('ecommerce_payments')
      .values({
        account_id: scope.accountId,
        order_id: order.id,
        provider: order.provider,
        provider_payment_id: providerRefundId,
        amount: refund,
        currency: order.currency,
        kind: 'refund',
      })
      .execute();
    if (full) await this.takeBack(scope, updated);
    return updated;
  }

  private async takeBack(scope: ShopScope, order: OrderRow): Promise<void> {
    const db = shopDb(scope.db);
    // A refunded renewal leaves its period unpaid: the subscription ends.
    await this.endRenewedSubscription(scope, order);
    await this.memberships.revokeFromOrder(scope, order.id, order.user_id);
    const subscriptions = await db
      .selectFrom('ecommerce_subscriptions')
      .selectAll()
      .where('account_id', '=', scope.accountId)
      .where('order_id', '=', order.id)
      .where('status', '!=', 'ended')
      .execute();
    for (const subscription of subscriptions) await this.endSubscription(scope, subscription);
    await takeBackCourses(this.ctx, scope, order.user_id, `order:${order.id}`);
    // A refunded one-time plan leaves its site unpaid (an ended subscription told the kernel already).
    if (subscriptions.length === 0) await this.plans.ended(scope, order.id);
  }

  /** pending → cancelled or failed; the coupon's use is given back, and a refused renewal ends its subscription. */
  async close(scope: ShopScope, order: OrderRow, status: 'cancelled' | 'failed'): Promise<boolean> {
    const db = shopDb(scope.db);
    const closed = await db
      .updateTable('ecommerce_orders')
      .set({ status, updated_at: new Date() })
      .where('account_id', '=', scope.accountId)
      .where('id', '=', order.id)
      .where('status', '=', 'pending')
      .returning('id')
      .executeTakeFirst();
    if (closed === undefined) return false;
    if (order.coupon_id !== null) await releaseCoupon(db, scope.accountId, order.coupon_id);
    await this.endRenewedSubscription(scope, order);
    return true;
  }

  /** Ends the subscription a renewal order was for (that renewal was refused or refunded); nothing for other orders. */
  private async endRenewedSubscription(scope: ShopScope, order: OrderRow): Promise<void> {
    if (order.renews_subscription_id === null) return;
    const subscription = await findSubscription(scope.db, scope.accountId, order.renews_subscription_id, { lock: true });
    if (subscription !== undefined) await this.endSubscription(scope, subscription);
  }

  /**
   * The period of a subscription billed here ended: the member gets a pending offline order for the
   * next one, at the price they subscribed at (a first-order coupon does not repeat), and the
   * subscription is past due until it is paid or its grace ends.
   */
  async billRenewal(scope: ShopScope, subscription: Selectable<SubscriptionsTable>): Promise<void> {
    const db = shopDb(scope.db);
    const first = await findOrder(db, scope.accountId, subscription.order_id);
    const line = first?.items.find((item) => item.product_id === subscription.product_id && item.type === 'subscription');
    if (first === undefined || line?.frequency == null || subscription.current_period_end === null) return;
    // Cancelled by its member: it ends with the period paid for, and nothing more is billed.
    if (subscription.cancel_at_period_end) {
      await this.endSubscription(scope, subscription);
      return;
    }
    const amount = line.amount * line.quantity;
    // A free subscription has nothing to pay: it runs on.
    if (amount === 0) {
      await this.extendPeriod(scope, subscription, line.frequency, first.paid_at);
      return;
    }
    const renewal = await db
      .insertInto('ecommerce_orders')
      .values({
        account_id: scope.accountId,
        order_id: newOrderNumber(),
        user_id: subscription.user_id,
        email: first.email,
        name: first.name,
        country: first.country,
        coupon: null,
        coupon_id: null,
        items: JSON.stringify([line]),
        subtotal: amount,
        discount: 0,
        total_amount: amount,
        currency: first.currency,
        provider: 'offline',
        renews_subscription_id: subscription.id,
        // A plan's renewal pays for the same site.
        billed_site_id: first.billed_site_id,
      })
      .returning(['order_id'])
      .executeTakeFirstOrThrow();
    await db
      .updateTable('ecommerce_subscriptions')
      .set({ status: 'past_due' })
      .where('account_id', '=', scope.accountId)
      .where('id', '=', subscription.id)
      .execute();
    this.renewals.schedule(scope, subscription.id, new Date(subscription.current_period_end), 'grace');
    await this.plans.renewalDue(scope, {
      siteId: first.billed_site_id,
      orderNumber: renewal.order_id,
      amount,
      currency: first.currency,
      dueBy: new Date(new Date(subscription.current_period_end).getTime() + RENEWAL_GRACE_DAYS * 86_400_000),
    });
  }

  /** A renewal order was paid: its subscription runs one more period from where the last one ended. */
  private async renewFromOrder(scope: ShopScope, order: OrderRow, subscriptionId: string): Promise<void> {
    const subscription = await findSubscription(scope.db, scope.accountId, subscriptionId, { lock: true });
    const line = order.items[0];
    if (subscription === undefined || subscription.status === 'ended' || line?.frequency == null) {
      this.ctx.log.error({ accountId: scope.accountId, orderId: order.id, subscriptionId }, 'a renewal was paid for an ended subscription');
      return;
    }
    const first = await findOrder(scope.db, scope.accountId, subscription.order_id);
    const next = await this.extendPeriod(scope, subscription, line.frequency, first?.paid_at ?? null);
    await this.plans.renewed(scope, subscription.order_id, next);
  }

  /**
   * One more period from where the last one ended, on the calendar day the subscription started
   * (its first order's payment began the first period), then the next check at its end.
   */
  private async extendPeriod(
    scope: ShopScope,
    subscription: Selectable<SubscriptionsTable>,
    frequency: NonNullable<OrderLine['frequency']>,
    startedAt: Date | null,
  ): Promise<Date> {
    const from = subscription.current_period_end === null ? new Date() : new Date(subscription.current_period_end);
    const next = periodEnd(from, frequency.value, frequency.parameter, startedAt === null ? from.getUTCDate() : new Date(startedAt).getUTCDate());
    await shopDb(scope.db)
      .updateTable('ecommerce_subscriptions')
      .set({ status: 'active', current_period_end: next })
      .where('account_id', '=', scope.accountId)
      .where('id', '=', subscription.id)
      .execute();
    this.renewals.schedule(scope, subscription.id, next);
    return next;
  }

  /** A renewal was paid: the period moves on and the payment is recorded (once per provider payment id). */
  async renewed(
    scope: ShopScope,
    subscription: Selectable<SubscriptionsTable>,
    providerPaymentId: string,
    amount: number,
    currency: string,
    currentPeriodEnd: Date,
  ): Promise<boolean> {
    const db = shopDb(scope.db);
    const inserted = await db
      .insertInto('ecommerce_payments')
      .values({
        account_id: scope.accountId,
        order_id: subscription.order_id,
        provider: subscription.provider,
        provider_payment_id: providerPaymentId,
        amount,
        currency,
        kind: 'payment',
      })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    const active = await db
      .updateTable('ecommerce_subscriptions')
      .set({ status: 'active', current_period_end: currentPeriodEnd })
      .where('account_id', '=', scope.accountId)
      .where('id', '=', subscription.id)
      .where('status', '!=', 'ended')
      .returning('id')
      .executeTakeFirst();
    if (inserted === undefined) return false;
    if (active === undefined) {
      this.ctx.log.error({ accountId: scope.accountId, subscriptionId: subscription.id, providerPaymentId }, 'a renewal was paid for an ended subscription');
      return false;
    }
    await raise(this.ctx, scope, 'payment_success', { userId: subscription.user_id, orderId: subscription.order_id, amount, currency });
    await this.plans.renewed(scope, subscription.order_id, currentPeriodEnd);
    return true;
  }

  /** A renewal payment failed: the subscription is past due until paid or ended. */
  async paymentFailed(scope: ShopScope, subscription: Selectable<SubscriptionsTable>): Promise<void> {
    await shopDb(scope.db)
      .updateTable('ecommerce_subscriptions')
      .set({ status: 'past_due' })
      .where('account_id', '=', scope.accountId)
      .where('id', '=', subscription.id)
      .where('status', '=', 'active')
      .execute();
    // Each failed attempt (the provider retries) tells a plan's owner again: the dunning e-mails.
    if (subscription.status !== 'ended') await this.plans.failed(scope, subscription.order_id);
  }

  /**
   * The provider stopped billing a subscription before its period ran out (PayPal cancels at once,
   * whether its owner cancelled here or in PayPal): what was paid for runs to the period's end,
   * where the renewal check ends it without billing (cancel_at_period_end). One already past due
   * or past its period has nothing paid left and ends now.
   */
  async stopAtPeriodEnd(scope: ShopScope, subscription: Selectable<SubscriptionsTable>, now = new Date()): Promise<void> {
    if (subscription.status === 'ended') return;
    const end = subscription.current_period_end === null ? null : new Date(subscription.current_period_end);
    if (subscription.status === 'past_due' || end === null || end <= now) {
      await this.endSubscription(scope, subscription);
      return;
    }
    await shopDb(scope.db)
      .updateTable('ecommerce_subscriptions')
      .set({ provider_subscription_id: null, cancel_at_period_end: true })
      .where('account_id', '=', scope.accountId)
      .where('id', '=', subscription.id)
      .execute();
    this.renewals.schedule(scope, subscription.id, end);
  }

  /** The subscription ended: what it granted ends with it. */
  async endSubscription(scope: ShopScope, subscription: Selectable<SubscriptionsTable>): Promise<boolean> {
    const db = shopDb(scope.db);
    const ended = await db
      .updateTable('ecommerce_subscriptions')
      .set({ status: 'ended', ended_at: new Date() })
      .where('account_id', '=', scope.accountId)
      .where('id', '=', subscription.id)
      .where('status', '!=', 'ended')
      .returning('id')
      .executeTakeFirst();
    if (ended === undefined) return false;
    // What the subscription's order gave ends with it (a subscription is an order of its own: the
    // cart holds nothing else); a level or course held another way stays.
    await this.memberships.revokeFromOrder(scope, subscription.order_id, subscription.user_id);
    await takeBackCourses(this.ctx, scope, subscription.user_id, `order:${subscription.order_id}`);
    // An unpaid renewal can no longer be paid.
    await db
      .updateTable('ecommerce_orders')
      .set({ status: 'failed', updated_at: new Date() })
      .where('account_id', '=', scope.accountId)
      .where('renews_subscription_id', '=', subscription.id)
      .where('status', '=', 'pending')
      .execute();
    await raise(this.ctx, scope, 'subscription_ended', { userId: subscription.user_id, productId: subscription.product_id, subscriptionId: subscription.id });
    await this.plans.ended(scope, subscription.order_id);
    return true;
  }
}

import { paged, appError, Errors, Type, type PaymentProvider, type PluginApp, type PluginContext } from '@lectern/sdk';
import { ShopErrors } from '../errors.js';
import { MANAGE } from '../manifest.js';
import { refundAtProvider } from '../payments/refunds.js';
import { requestScope } from '../scope.js';
import { createOrder, startOrderPayment, type StartPayment } from './checkout.js';
import { ordersCsv } from './csv.js';
import { expireLater } from './expiry.js';
import type { OrderLifecycle } from './lifecycle.js';
import {
  CheckoutAnswer,
  CheckoutBody,
  PayAnswer,
  ExportQuery,
  IdParams,
  MyOrdersQuery,
  NoBody,
  OrderList,
  OrderSchema,
  OrdersQuery,
  RefundBody,
} from './schemas.js';
import { allOrders, findOrder, listOrders, orderView, type OrderFilters } from './store.js';

const tags = ['ecommerce'];
const manage = { capability: MANAGE };

/** The filters' dates must be real dates (the date-time format admits a leap second no date holds). */
function checkedFilters<T extends OrderFilters>(filters: T): T {
  for (const field of ['from', 'to'] as const) {
    const value = filters[field];
    if (value !== undefined && Number.isNaN(Date.parse(value))) throw appError(Errors.validation, `${field} is not a date`);
  }
  return filters;
}

/**
 * Checkout and orders: members buy and read their own orders (SPEC §2 /dashboard/orders);
 * managers list, filter, export, mark offline orders paid, refund and cancel.
 */
export async function orderRoutes(
  app: PluginApp,
  plugin: PluginContext,
  lifecycle: OrderLifecycle,
  startPayment: Partial<Record<PaymentProvider, StartPayment>>,
): Promise<void> {
  app.post(
    '/checkout',
    {
      config: { capability: 'read' },
      schema: {
        tags,
        summary: "Create the signed-in member's order from the cart",
        description:
          'Offline orders wait for the owner; free ones are paid at once; for any other provider `pay` is true: start the payment with POST /my/orders/:id/pay.',
        body: CheckoutBody,
        response: { 201: CheckoutAnswer },
      },
    },
    async (request, reply) => {
      const order = await createOrder(plugin, request, request.body, lifecycle);
      expireLater(plugin, request, order);
      reply.code(201);
      return { order: orderView(order), pay: order.status === 'pending' && startPayment[order.provider as PaymentProvider] !== undefined };
    },
  );

  app.post(
    '/my/orders/:id/pay',
    {
      config: { capability: 'read' },
      schema: {
        tags,
        summary: "Start paying one of the member's pending orders at its provider (again, if the first try failed)",
        params: IdParams,
        body: NoBody,
        response: { 200: PayAnswer },
      },
    },
    async (request) => {
      const order = await findOrder(request.ctx.db, request.ctx.account.id, request.params.id);
      if (order === undefined || order.user_id !== request.ctx.userId) throw appError(ShopErrors.orderNotFound);
      return { redirect: await startOrderPayment(plugin, request, order, startPayment) };
    },
  );

  app.get(
    '/my/orders',
    {
      config: { capability: 'read' },
      schema: { tags, summary: "The signed-in member's orders, newest first", querystring: MyOrdersQuery, response: { 200: OrderList } },
    },
    async (request) => {
      const { offset, limit } = paged(request.query);
      return listOrders(request.ctx.db, request.ctx.account.id, { userId: request.ctx.userId as string }, offset, limit);
    },
  );

  app.get(
    '/my/orders/:id',
    { config: { capability: 'read' }, schema: { tags, summary: "One of the signed-in member's orders", params: IdParams, response: { 200: OrderSchema } } },
    async (request) => {
      const order = await findOrder(request.ctx.db, request.ctx.account.id, request.params.id);
      if (order === undefined || order.user_id !== request.ctx.userId) throw appError(ShopErrors.orderNotFound);
      return orderView(order);
    },
  );

  app.get(
    '/orders',
    {
      config: manage,
      schema: { tags, summary: 'Orders, newest first, filtered by status, provider, text and date', querystring: OrdersQuery, response: { 200: OrderList } },
    },
    async (request) => {
      const { offset, limit, ...filters } = request.query;
      const page = paged({ offset, limit });
      return listOrders(request.ctx.db, request.ctx.account.id, checkedFilters(filters), page.offset, page.limit);
    },
  );

  app.get(
    '/orders/export.csv',
    {
      config: manage,
      schema: {
        tags,
        summary: 'The filtered orders as CSV',
        querystring: ExportQuery,
        response: { 200: Type.Unknown({ description: 'text/csv, one row per order, amounts in major units' }) },
      },
    },
    async (request, reply) => {
      const chunks: string[] = [];
      let batch = [];
      for await (const order of allOrders(request.ctx.db, request.ctx.account.id, checkedFilters(request.query))) {
        batch.push(order);
        if (batch.length === 500) {
          chunks.push(ordersCsv(batch, chunks.length === 0));
          batch = [];
        }
      }
      chunks.push(ordersCsv(batch, chunks.length === 0));
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', `attachment; filename="orders-${new Date().toISOString().slice(0, 10)}.csv"`);
      return chunks.join('');
    },
  );

  app.get('/orders/:id', { config: manage, schema: { tags, summary: 'An order', params: IdParams, response: { 200: OrderSchema } } }, async (request) => {
    const order = await findOrder(request.ctx.db, request.ctx.account.id, request.params.id);
    if (order === undefined) throw appError(ShopErrors.orderNotFound);
    return orderView(order);
  });

  app.post(
    '/orders/:id/paid',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Mark a pending order paid (money received offline) and deliver it',
        params: IdParams,
        body: NoBody,
        response: { 200: OrderSchema },
      },
    },
    async (request) => {
      const { ctx } = request;
      const order = await findOrder(ctx.db, ctx.account.id, request.params.id, { lock: true });
      if (order === undefined) throw appError(ShopErrors.orderNotFound);
      if (!(await lifecycle.markPaid(requestScope(plugin, request), order, { provider: order.provider, providerPaymentId: `manual:${order.id}` })))
        throw appError(ShopErrors.orderState);
      return orderView((await findOrder(ctx.db, ctx.account.id, order.id))!);
    },
  );

  app.post(
    '/orders/:id/refund',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Refund a paid order (all, or part); a full refund takes back what it delivered',
        params: IdParams,
        body: RefundBody,
        response: { 200: OrderSchema },
      },
    },
    async (request) => {
      const { ctx } = request;
      const order = await findOrder(ctx.db, ctx.account.id, request.params.id, { lock: true });
      if (order === undefined) throw appError(ShopErrors.orderNotFound);
      const amount = request.body.amount ?? null;
      const refundId = await refundAtProvider(request, order, amount, plugin.config.paymentApis);
      return orderView(await lifecycle.refund(requestScope(plugin, request), order, amount, refundId));
    },
  );

  app.post(
    '/orders/:id/cancel',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Cancel a pending order (its coupon use is given back)',
        params: IdParams,
        body: NoBody,
        response: { 200: OrderSchema },
      },
    },
    async (request) => {
      const { ctx } = request;
      const order = await findOrder(ctx.db, ctx.account.id, request.params.id, { lock: true });
      if (order === undefined) throw appError(ShopErrors.orderNotFound);
      if (!(await lifecycle.close(requestScope(plugin, request), order, 'cancelled'))) throw appError(ShopErrors.orderState);
      return orderView((await findOrder(ctx.db, ctx.account.id, order.id))!);
    },
  );
}

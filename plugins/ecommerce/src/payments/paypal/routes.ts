import { ApiError, type Client } from '@paypal/paypal-server-sdk';
import { appError, Type, type PluginApp, type PluginContext } from '@lectern/sdk';
import { ShopErrors } from '../../errors.js';
import type { OrderLifecycle } from '../../orders/lifecycle.js';
import { findOrder } from '../../orders/store.js';
import { requestScope } from '../../scope.js';
import { providerSettings } from '../../settings/providers.js';
import { handleOnce } from '../webhook-events.js';
import { captureApproved, type CaptureOutcome } from './capture.js';
import { paypalApiBase, paypalClient, paypalCredentials, paypalSubscriptions } from './client.js';
import { applyPaypalEvent, type PaypalApi, type PaypalEvent } from './events.js';
import { PAYPAL_SIGNATURE_HEADERS, signatureHeaders, verifyPaypalWebhook } from './verify.js';
import { providerError } from '../provider-error.js';
import { parsedEvent, RawEvent, rawText, WebhookReceived, withRawJson } from '../raw-webhook.js';

const tags = ['ecommerce'];
const FAILED = '/checkout?payment=failed';

// PayPal adds its own parameters (PayerID, …): they are allowed and unused.
const ReturnQuery = Type.Object({ token: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9-]+$' }), order: Type.String({ format: 'uuid' }) });

const SignatureHeaders = Type.Object(Object.fromEntries(PAYPAL_SIGNATURE_HEADERS.map((name) => [name, Type.Optional(Type.String({ maxLength: 2048 }))])));

/** A PayPal event names its id (at most 255 characters, what the event table keeps) and its type. */
const isPaypalEvent = (event: Partial<PaypalEvent>): boolean =>
  typeof event.id === 'string' && event.id !== '' && event.id.length <= 255 && typeof event.event_type === 'string';

/**
 * PayPal's API as the events use it, through the SDK's client for the site's credentials. PayPal
 * not answering, or refusing a capture, is a 502: the event's transaction rolls back unrecorded and
 * PayPal delivers it again later. A subscription PayPal does not know is null.
 */
function paypalApi(client: Client, log: PluginContext['log']): PaypalApi {
  const failed = (error: unknown, what: string): never => {
    log.warn({ providerError: providerError(error) }, `PayPal did not answer ${what} for a webhook event`);
    throw appError(ShopErrors.providerFailed);
  };
  return {
    async capture(paypalOrderId, orderId) {
      try {
        return await captureApproved(client, paypalOrderId, orderId);
      } catch (error) {
        return failed(error, 'the capture of an approved order');
      }
    },
    async subscription(id) {
      try {
        const { result } = await paypalSubscriptions(client).getSubscription({ id });
        const next = result.billingInfo?.nextBillingTime;
        return {
          ...(result.id === undefined ? {} : { id: result.id }),
          ...(result.customId === undefined ? {} : { custom_id: result.customId }),
          ...(result.status === undefined ? {} : { status: result.status }),
          ...(result.startTime === undefined ? {} : { start_time: result.startTime }),
          ...(next === undefined ? {} : { billing_info: { next_billing_time: next } }),
        };
      } catch (error) {
        if (error instanceof ApiError && error.statusCode === 404) return null;
        return failed(error, 'a subscription’s details');
      }
    },
  };
}

/**
 * PayPal's two ways back to the site. GET /api/ecommerce/paypal/return is where the buyer lands
 * after approving: it captures the payment and pays the order, then sends the buyer on.
 * POST /api/ecommerce/webhooks/paypal takes PayPal's events, each verified with PayPal and handled
 * once, in the same transaction as what it changes.
 */
export async function paypalRoutes(app: PluginApp, plugin: PluginContext, lifecycle: OrderLifecycle): Promise<void> {
  app.get(
    '/paypal/return',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Where PayPal returns the buyer: captures the approved payment, then redirects (303) to the thank-you page',
        querystring: ReturnQuery,
        response: { 303: Type.String({ description: 'Empty: the answer is the Location header' }) },
      },
    },
    async (request, reply) => {
      const { ctx } = request;
      const origin = plugin.siteUrl(request);
      const go = (path: string): string => {
        reply.code(303).header('location', `${origin}${path}`).header('cache-control', 'no-store');
        return '';
      };
      const order = await findOrder(ctx.db, ctx.account.id, request.query.order, { lock: true });
      // The PayPal order must be the one this order started: a token cannot pay someone else's order.
      if (order === undefined || order.provider !== 'paypal' || order.provider_ref !== request.query.token) return go(FAILED);
      const thankyou = `/thankyou?order=${encodeURIComponent(order.order_id)}`;
      if (order.status === 'paid') return go(thankyou);
      const paypal = paypalCredentials(await providerSettings(request));
      if (order.status !== 'pending' || paypal === null) return go(FAILED);
      let outcome: CaptureOutcome;
      try {
        outcome = await captureApproved(paypalClient(paypal, plugin.config.paymentApis.paypal), request.query.token, order.id);
      } catch (error) {
        ctx.log.warn({ providerError: providerError(error), orderId: order.id }, 'PayPal did not capture the approved order');
        return go(FAILED);
      }
      if (outcome.status === 'failed') return go(FAILED);
      if (outcome.status === 'completed')
        await lifecycle.markPaid(requestScope(plugin, request), order, { provider: 'paypal', providerPaymentId: outcome.captureId });
      return go(thankyou);
    },
  );

  await withRawJson(app, async (raw) => {
    // Kept raw: PayPal verifies its signature over the exact bytes it sent.
    raw.post(
      '/webhooks/paypal',
      {
        config: { public: true },
        schema: {
          tags,
          summary: 'PayPal webhook (verified with PayPal; each event handled once)',
          headers: SignatureHeaders,
          body: RawEvent('PayPal'),
          response: { 200: WebhookReceived },
        },
      },
      async (request) => {
        const { ctx } = request;
        const settings = await providerSettings(request);
        const paypal = paypalCredentials(settings);
        const webhookId = settings.paypal?.webhookId ?? '';
        const signature = signatureHeaders(request.headers);
        const body = rawText(request.body);
        const event = parsedEvent<PaypalEvent>(body, isPaypalEvent);
        // Without the site's webhook id and keys nothing can be verified: refused, nothing changes.
        if (paypal === null || webhookId === '' || signature === null || event === null) throw appError(ShopErrors.webhookSignature);
        const apiUrl = plugin.config.paymentApis.paypal;
        const client = paypalClient(paypal, apiUrl);
        let verified = false;
        try {
          verified = await verifyPaypalWebhook(client, paypalApiBase(paypal.sandbox, apiUrl), webhookId, signature, body);
        } catch (error) {
          ctx.log.warn({ providerError: providerError(error) }, 'PayPal webhook verification could not be done');
        }
        if (!verified) throw appError(ShopErrors.webhookSignature);
        return handleOnce(ctx, 'paypal', { id: event.id, type: event.event_type }, () =>
          applyPaypalEvent(requestScope(plugin, request), lifecycle, event, paypalApi(client, ctx.log)),
        );
      },
    );
  });
}

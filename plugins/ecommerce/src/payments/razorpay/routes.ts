import { createHash } from 'node:crypto';
import { appError, Type, type PluginApp, type PluginContext } from '@lectern/sdk';
import { ShopErrors } from '../../errors.js';
import type { OrderLifecycle } from '../../orders/lifecycle.js';
import { requestScope } from '../../scope.js';
import { providerSettings } from '../../settings/providers.js';
import { handleOnce } from '../webhook-events.js';
import { validRazorpaySignature } from './client.js';
import { applyRazorpayEvent, type RazorpayEvent } from './events.js';
import { parsedEvent, RawEvent, rawText, WebhookReceived, withRawJson } from '../raw-webhook.js';

/**
 * POST /api/ecommerce/webhooks/razorpay: the endpoint owners register in Razorpay's dashboard with
 * the site's webhook secret. The signature (HMAC-SHA256 of the raw body) is checked over the exact
 * bytes Razorpay sent, and each event id (the X-Razorpay-Event-Id header) is handled once, in the
 * same transaction as what it changes.
 */
export async function razorpayWebhookRoutes(app: PluginApp, plugin: PluginContext, lifecycle: OrderLifecycle): Promise<void> {
  await withRawJson(app, async (raw) => {
    raw.post(
      '/webhooks/razorpay',
      {
        config: { public: true },
        schema: {
          tags: ['ecommerce'],
          summary: 'Razorpay webhook (signed; each event handled once)',
          headers: Type.Object({
            'x-razorpay-signature': Type.Optional(Type.String({ maxLength: 512 })),
            'x-razorpay-event-id': Type.Optional(Type.String({ maxLength: 255 })),
          }),
          body: RawEvent('Razorpay'),
          response: { 200: WebhookReceived },
        },
      },
      async (request) => {
        const secret = (await providerSettings(request)).razorpay?.webhookSecret ?? '';
        const body = rawText(request.body);
        const event = validRazorpaySignature(body, request.headers['x-razorpay-signature'] ?? '', secret)
          ? parsedEvent<RazorpayEvent>(body, (event) => typeof event.event === 'string')
          : null;
        if (event === null) throw appError(ShopErrors.webhookSignature);
        // Razorpay names each event in a header; the same signed body is the same event without it.
        const eventId = request.headers['x-razorpay-event-id'] || `sha256:${createHash('sha256').update(body).digest('hex')}`;
        return handleOnce(request.ctx, 'razorpay', { id: eventId, type: event.event }, () =>
          applyRazorpayEvent(requestScope(plugin, request), lifecycle, event),
        );
      },
    );
  });
}

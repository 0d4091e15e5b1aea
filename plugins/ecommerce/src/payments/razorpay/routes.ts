import { createHash } from 'node:crypto';
import { appError, Type, type PluginApp, type PluginContext } from '@lectern/sdk';
import { ShopErrors } from '../../errors.js';
import type { OrderLifecycle } from '../../orders/lifecycle.js';
import { requestScope } from '../../scope.js';
import { providerSettings } from '../../settings/providers.js';
import { firstDelivery } from '../webhook-events.js';
import { validRazorpaySignature } from './client.js';
import { applyRazorpayEvent, type RazorpayEvent } from './events.js';
import { RawEvent, WebhookReceived, withRawJson } from '../raw-webhook.js';

/** The event, or null when the body is not a Razorpay event. */
function parsedEvent(raw: string): RazorpayEvent | null {
  try {
    const event = JSON.parse(raw) as Partial<RazorpayEvent> | null;
    return typeof event?.event === 'string' ? (event as RazorpayEvent) : null;
  } catch {
    return null;
  }
}

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
        const body = Buffer.isBuffer(request.body) ? request.body.toString('utf8') : '';
        const event = validRazorpaySignature(body, request.headers['x-razorpay-signature'] ?? '', secret) ? parsedEvent(body) : null;
        if (event === null) throw appError(ShopErrors.webhookSignature);
        // Razorpay names each event in a header; the same signed body is the same event without it.
        const eventId = request.headers['x-razorpay-event-id'] || `sha256:${createHash('sha256').update(body).digest('hex')}`;
        const { ctx } = request;
        if (!(await firstDelivery(ctx.db, ctx.account.id, 'razorpay', eventId, event.event))) return { received: true, duplicate: true };
        await applyRazorpayEvent(requestScope(plugin, request), lifecycle, event);
        return { received: true, duplicate: false };
      },
    );
  });
}

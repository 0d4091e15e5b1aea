import { appError, Type, type PluginApp, type PluginContext } from '@lectern/sdk';
import type Stripe from 'stripe';
import { ShopErrors } from '../../errors.js';
import type { OrderLifecycle } from '../../orders/lifecycle.js';
import { requestScope } from '../../scope.js';
import { providerSettings } from '../../settings/providers.js';
import { handleOnce } from '../webhook-events.js';
import { verifiedEvent } from './client.js';
import { applyStripeEvent } from './events.js';
import { RawEvent, WebhookReceived, withRawJson } from '../raw-webhook.js';

/**
 * POST /api/ecommerce/webhooks/stripe on the site's own address: the endpoint owners register in
 * Stripe. The signature is checked over the exact bytes Stripe sent (this route keeps the body
 * raw), and each event id is handled once, in the same transaction as what it changes.
 */
export async function stripeWebhookRoutes(app: PluginApp, plugin: PluginContext, lifecycle: OrderLifecycle): Promise<void> {
  await withRawJson(app, async (raw) => {
    raw.post(
      '/webhooks/stripe',
      {
        config: { public: true },
        schema: {
          tags: ['ecommerce'],
          summary: 'Stripe webhook (signed; each event handled once)',
          headers: Type.Object({ 'stripe-signature': Type.String({ minLength: 1, maxLength: 2048 }) }),
          body: RawEvent('Stripe'),
          response: { 200: WebhookReceived },
        },
      },
      async (request) => {
        const secret = (await providerSettings(request)).stripe?.webhookSecret ?? '';
        let event: Stripe.Event;
        try {
          if (secret === '' || !Buffer.isBuffer(request.body)) throw new Error('no webhook secret or body');
          event = verifiedEvent(request.body, request.headers['stripe-signature'], secret);
        } catch {
          throw appError(ShopErrors.webhookSignature);
        }
        return handleOnce(request.ctx, 'stripe', event, () => applyStripeEvent(requestScope(plugin, request), lifecycle, event));
      },
    );
  });
}

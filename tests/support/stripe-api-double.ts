import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StripeApiCall {
  method: string;
  path: string;
  /** The parameters Stripe's SDK sent (`subscription_data[trial_end]` and the like, as sent), from the body or the query. */
  form: Record<string, string>;
  idempotencyKey: string | undefined;
}

/**
 * A test double of the parts of Stripe's HTTP API the shop calls (Checkout Sessions, updating and cancelling a subscription), on loopback:
 * the official SDK talks to it through STRIPE_API_URL. It answers as Stripe does, keeps every call
 * for the test to read, and never reaches the internet.
 */
export class StripeApiDouble {
  readonly calls: StripeApiCall[] = [];
  private readonly server: Server;
  private sessions = 0;

  constructor() {
    this.server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        // Stripe's SDK sends a DELETE's parameters in the query string, the others in the body.
        const [path = '', query = ''] = (request.url ?? '').split('?');
        const form = { ...Object.fromEntries(new URLSearchParams(query)), ...Object.fromEntries(new URLSearchParams(body)) };
        const key = request.headers['idempotency-key'];
        this.calls.push({ method: request.method ?? '', path, form, idempotencyKey: typeof key === 'string' ? key : undefined });
        response.setHeader('content-type', 'application/json');
        if (request.method === 'POST' && path === '/v1/checkout/sessions') {
          this.sessions += 1;
          const id = `cs_test_double_${this.sessions}`;
          response.end(
            JSON.stringify({
              id,
              object: 'checkout.session',
              mode: form.mode,
              url: `https://checkout.stripe.test/c/pay/${id}`,
              status: 'open',
              payment_status: 'unpaid',
              metadata: { order_id: form['metadata[order_id]'] },
            }),
          );
          return;
        }
        const subscription = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
        if (request.method === 'DELETE' && subscription !== null) {
          response.end(JSON.stringify({ id: subscription[1], object: 'subscription', status: 'canceled' }));
          return;
        }
        if (request.method === 'POST' && subscription !== null) {
          response.end(
            JSON.stringify({ id: subscription[1], object: 'subscription', status: 'active', cancel_at_period_end: form.cancel_at_period_end === 'true' }),
          );
          return;
        }
        response.statusCode = 404;
        response.end(JSON.stringify({ error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${path})` } }));
      });
    });
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', () => resolve()));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RazorpayApiCall {
  method: string;
  path: string;
  /** The JSON body Razorpay's SDK sent. */
  body: Record<string, unknown>;
  /** The key id of the Basic authorisation (the secret is checked, never kept). */
  keyId: string | null;
}

/**
 * A test double of the parts of Razorpay's HTTP API the shop calls (subscriptions, their
 * cancellation, payment links), on loopback: the official SDK talks to it through RAZORPAY_API_URL.
 * It answers as Razorpay does, refuses a wrong key with Razorpay's 401, keeps every call for the test
 * to read, and never reaches the internet.
 */
export class RazorpayApiDouble {
  readonly calls: RazorpayApiCall[] = [];
  private readonly server: Server;
  private made = 0;

  constructor(private readonly key: { id: string; secret: string }) {
    this.server = createServer((request, response) => {
      let raw = '';
      request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      request.on('end', () => {
        const path = (request.url ?? '').split('?')[0] ?? '';
        const body = raw === '' ? {} : (JSON.parse(raw) as Record<string, unknown>);
        const [scheme, encoded = ''] = (request.headers.authorization ?? '').split(' ');
        const [keyId = '', secret = ''] = scheme === 'Basic' ? Buffer.from(encoded, 'base64').toString('utf8').split(':') : [];
        this.calls.push({ method: request.method ?? '', path, body, keyId: keyId === '' ? null : keyId });
        response.setHeader('content-type', 'application/json');
        const answer = (status: number, value: unknown) => {
          response.statusCode = status;
          response.end(JSON.stringify(value));
        };
        if (keyId !== this.key.id || secret !== this.key.secret) {
          answer(401, { error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } });
          return;
        }
        if (request.method === 'POST' && path === '/v1/subscriptions') {
          this.made += 1;
          const id = `sub_Double${String(this.made).padStart(6, '0')}`;
          answer(200, {
            id,
            entity: 'subscription',
            plan_id: body.plan_id,
            total_count: body.total_count,
            status: 'created',
            notes: body.notes ?? [],
            start_at: body.start_at ?? null,
            short_url: `https://rzp.test/i/${id}`,
          });
          return;
        }
        const cancel = /^\/v1\/subscriptions\/([^/]+)\/cancel$/.exec(path);
        if (request.method === 'POST' && cancel !== null) {
          answer(200, { id: cancel[1], entity: 'subscription', status: body.cancel_at_cycle_end === 1 ? 'active' : 'cancelled' });
          return;
        }
        if (request.method === 'POST' && path === '/v1/payment_links') {
          this.made += 1;
          const id = `plink_Double${String(this.made).padStart(6, '0')}`;
          answer(200, {
            id,
            amount: body.amount,
            currency: body.currency,
            reference_id: body.reference_id,
            status: 'created',
            short_url: `https://rzp.test/l/${id}`,
          });
          return;
        }
        answer(400, { error: { code: 'BAD_REQUEST_ERROR', description: `The requested URL was not found on the server (${request.method} ${path})` } });
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

/** A Razorpay webhook delivery: the body and its X-Razorpay-Signature (HMAC-SHA256 under the webhook secret, hex). */
export function signedRazorpayEvent(secret: string, event: string, payload: Record<string, unknown>): { body: string; signature: string } {
  const body = JSON.stringify({
    entity: 'event',
    account_id: 'acc_PlatformDouble',
    event,
    contains: Object.keys(payload),
    payload,
    created_at: Math.floor(Date.now() / 1000),
  });
  return { body, signature: createHmac('sha256', secret).update(body).digest('hex') };
}

import { createSign, createVerify, generateKeyPairSync, randomUUID, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';

export interface PaypalApiCall {
  method: string;
  path: string;
  /** The JSON body PayPal's SDK sent (the form fields of the token call). */
  body: Record<string, unknown>;
  /** The PayPal-Request-Id header (PayPal's idempotency key), when sent. */
  requestId: string | null;
}

/** A subscription as the double keeps it: PayPal's REST fields. */
export interface DoubleSubscription {
  id: string;
  plan_id: string;
  custom_id?: string;
  status: 'APPROVAL_PENDING' | 'ACTIVE' | 'SUSPENDED' | 'CANCELLED' | 'EXPIRED';
  start_time: string;
  next_billing_time?: string;
}

interface DoubleOrder {
  id: string;
  status: 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED';
  unit: { reference_id?: string; custom_id?: string; amount: { currency_code: string; value: string } };
  capture?: { id: string; requestId: string | null; refunds: Array<{ id: string; requestId: string | null; value: string }> };
}

/** PayPal's money: a decimal string in the currency's units. */
const money = (value: { currency_code: string; value: string }) => ({ currency_code: value.currency_code, value: value.value });

/**
 * A test double of the parts of PayPal's REST API the shop calls, on loopback: OAuth client
 * credentials, orders (create, read, capture), refunds of captures, subscriptions (create, read,
 * cancel) and webhook signature verification. The official server SDK reaches it through PAYPAL_API_URL. It answers
 * with PayPal's shapes and errors, requires the token it issued, keeps every call for the test to
 * read, signs webhook deliveries with its own RSA key the way PayPal does (transmission id, time,
 * webhook id and the body's CRC32) and verifies them the same way. The buyer's side (approving on
 * PayPal's pages) is the test's: approveOrder, activate.
 */
export class PaypalApiDouble {
  readonly calls: PaypalApiCall[] = [];
  readonly subscriptions = new Map<string, DoubleSubscription>();
  private readonly orders = new Map<string, DoubleOrder>();
  private readonly server: Server;
  private readonly token = `A21AA${randomUUID().replaceAll('-', '')}`;
  private readonly keys: { privateKey: KeyObject; publicKey: KeyObject } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  private made = 0;

  constructor(private readonly app: { clientId: string; clientSecret: string }) {
    this.server = createServer((request, response) => {
      let raw = '';
      request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      request.on('end', () => {
        const answer = (status: number, value?: unknown) => {
          response.statusCode = status;
          if (value === undefined) {
            response.end();
            return;
          }
          response.setHeader('content-type', 'application/json');
          response.end(JSON.stringify(value));
        };
        try {
          this.handle(request, raw, answer);
        } catch (error) {
          answer(500, { name: 'INTERNAL_SERVER_ERROR', message: String(error) });
        }
      });
    });
  }

  private handle(request: IncomingMessage, raw: string, answer: (status: number, value?: unknown) => void): void {
    const method = request.method ?? '';
    const path = (request.url ?? '').split('?')[0] ?? '';
    const form = path === '/v1/oauth2/token';
    const body: Record<string, unknown> = raw === '' ? {} : form ? Object.fromEntries(new URLSearchParams(raw)) : (JSON.parse(raw) as Record<string, unknown>);
    const requestId = typeof request.headers['paypal-request-id'] === 'string' ? request.headers['paypal-request-id'] : null;
    this.calls.push({ method, path, body, requestId });
    const [scheme, credential = ''] = (request.headers.authorization ?? '').split(' ');

    if (method === 'POST' && form) {
      const [id = '', secret = ''] = scheme === 'Basic' ? Buffer.from(credential, 'base64').toString('utf8').split(':') : [];
      if (id !== this.app.clientId || secret !== this.app.clientSecret || body.grant_type !== 'client_credentials') {
        answer(401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
        return;
      }
      answer(200, {
        scope: 'https://uri.paypal.com/services/subscriptions',
        access_token: this.token,
        token_type: 'Bearer',
        app_id: 'APP-DOUBLE',
        expires_in: 32400,
      });
      return;
    }
    if (scheme !== 'Bearer' || credential !== this.token) {
      answer(401, { error: 'invalid_token', error_description: 'Access Token not found in cache' });
      return;
    }

    if (method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
      answer(200, { verification_status: this.verifies(raw, body) ? 'SUCCESS' : 'FAILURE' });
      return;
    }
    if (method === 'POST' && path === '/v1/billing/subscriptions') {
      const id = this.nextId('I-DOUBLE');
      const subscription: DoubleSubscription = {
        id,
        plan_id: String(body.plan_id),
        ...(typeof body.custom_id === 'string' ? { custom_id: body.custom_id } : {}),
        status: 'APPROVAL_PENDING',
        start_time: typeof body.start_time === 'string' ? body.start_time : new Date().toISOString(),
      };
      this.subscriptions.set(id, subscription);
      answer(201, {
        ...this.subscriptionView(subscription),
        links: [
          { href: `https://www.sandbox.paypal.test/webapps/billing/subscriptions?ba_token=BA-${id}`, rel: 'approve', method: 'GET' },
          { href: `https://api-m.sandbox.paypal.com/v1/billing/subscriptions/${id}`, rel: 'self', method: 'GET' },
        ],
      });
      return;
    }
    const subscriptionPath = /^\/v1\/billing\/subscriptions\/([^/]+)(\/cancel)?$/.exec(path);
    if (subscriptionPath !== null) {
      const subscription = this.subscriptions.get(subscriptionPath[1] ?? '');
      if (subscription === undefined) {
        answer(404, { name: 'RESOURCE_NOT_FOUND', message: 'The specified resource does not exist.', details: [{ issue: 'INVALID_RESOURCE_ID' }] });
        return;
      }
      if (method === 'GET' && subscriptionPath[2] === undefined) {
        answer(200, this.subscriptionView(subscription));
        return;
      }
      if (method === 'POST' && subscriptionPath[2] === '/cancel') {
        if (subscription.status === 'CANCELLED' || subscription.status === 'EXPIRED') {
          answer(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'SUBSCRIPTION_STATUS_INVALID' }] });
          return;
        }
        subscription.status = 'CANCELLED';
        delete subscription.next_billing_time;
        answer(204);
        return;
      }
    }
    if (method === 'POST' && path === '/v2/checkout/orders') {
      const units = body.purchase_units as Array<DoubleOrder['unit']>;
      const id = this.nextId('5O');
      const order: DoubleOrder = { id, status: 'PAYER_ACTION_REQUIRED', unit: units[0]! };
      this.orders.set(id, order);
      answer(200, {
        id,
        status: order.status,
        links: [
          { href: `https://api-m.sandbox.paypal.com/v2/checkout/orders/${id}`, rel: 'self', method: 'GET' },
          { href: `https://www.sandbox.paypal.test/checkoutnow?token=${id}`, rel: 'payer-action', method: 'GET' },
        ],
      });
      return;
    }
    const orderPath = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(path);
    if (orderPath !== null) {
      const order = this.orders.get(orderPath[1] ?? '');
      if (order === undefined) {
        answer(404, { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] });
        return;
      }
      if (method === 'POST' && orderPath[2] === '/capture') {
        // The same PayPal-Request-Id is the same capture; another one on a captured order is refused.
        if (order.capture !== undefined && order.capture.requestId !== requestId) {
          answer(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] });
          return;
        }
        if (order.status === 'PAYER_ACTION_REQUIRED') {
          answer(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_NOT_APPROVED' }] });
          return;
        }
        order.capture ??= { id: this.nextId('CAPTURE'), requestId, refunds: [] };
        order.status = 'COMPLETED';
        answer(201, this.orderView(order));
        return;
      }
      if (method === 'GET' && orderPath[2] === undefined) {
        answer(200, this.orderView(order));
        return;
      }
    }
    const refundPath = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path);
    if (method === 'POST' && refundPath !== null) {
      this.refund(refundPath[1] ?? '', body, requestId, answer);
      return;
    }
    answer(404, { name: 'RESOURCE_NOT_FOUND', message: `No such resource (${method} ${path})`, details: [{ issue: 'INVALID_RESOURCE_ID' }] });
  }

  /** Refunds (part of) a capture: the same PayPal-Request-Id is the same refund; never more than was captured. */
  private refund(captureId: string, body: Record<string, unknown>, requestId: string | null, answer: (status: number, value?: unknown) => void): void {
    const order = [...this.orders.values()].find((candidate) => candidate.capture?.id === captureId);
    const capture = order?.capture;
    if (order === undefined || capture === undefined) {
      answer(404, { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] });
      return;
    }
    const view = (refund: { id: string; value: string }) => ({
      id: refund.id,
      status: 'COMPLETED',
      amount: { currency_code: order.unit.amount.currency_code, value: refund.value },
    });
    const again = capture.refunds.find((refund) => requestId !== null && refund.requestId === requestId);
    if (again !== undefined) {
      answer(201, view(again));
      return;
    }
    const asked = (body.amount as { value?: string } | undefined)?.value ?? order.unit.amount.value;
    const refunded = capture.refunds.reduce((sum, refund) => sum + Number(refund.value), 0);
    if (Number(asked) + refunded > Number(order.unit.amount.value) + 1e-9) {
      answer(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'REFUND_AMOUNT_EXCEEDED' }] });
      return;
    }
    const refund = { id: this.nextId('REFUND'), requestId, value: asked };
    capture.refunds.push(refund);
    answer(201, view(refund));
  }

  private nextId(prefix: string): string {
    this.made += 1;
    return `${prefix}${String(this.made).padStart(10, '0')}`;
  }

  private subscriptionView(subscription: DoubleSubscription) {
    return {
      id: subscription.id,
      plan_id: subscription.plan_id,
      ...(subscription.custom_id === undefined ? {} : { custom_id: subscription.custom_id }),
      status: subscription.status,
      start_time: subscription.start_time,
      billing_info: {
        outstanding_balance: { currency_code: 'USD', value: '0.00' },
        failed_payments_count: 0,
        ...(subscription.next_billing_time === undefined ? {} : { next_billing_time: subscription.next_billing_time }),
      },
    };
  }

  private orderView(order: DoubleOrder) {
    return {
      id: order.id,
      intent: 'CAPTURE',
      status: order.status,
      purchase_units: [
        {
          ...order.unit,
          amount: money(order.unit.amount),
          ...(order.capture === undefined
            ? {}
            : { payments: { captures: [{ id: order.capture.id, status: 'COMPLETED', amount: money(order.unit.amount), custom_id: order.unit.custom_id }] } }),
        },
      ],
    };
  }

  /** Whether a verification request carries a signature this double made for that webhook id and those exact bytes. */
  private verifies(raw: string, body: Record<string, unknown>): boolean {
    const marker = '"webhook_event":';
    const at = raw.indexOf(marker);
    if (at < 0 || !raw.endsWith('}')) return false;
    const event = raw.slice(at + marker.length, -1);
    const signed = `${String(body.transmission_id)}|${String(body.transmission_time)}|${String(body.webhook_id)}|${crc32(event)}`;
    const verifier = createVerify('sha256');
    verifier.update(signed);
    return body.auth_algo === 'SHA256withRSA' && verifier.verify(this.keys.publicKey, String(body.transmission_sig), 'base64');
  }

  /** The buyer approved the PayPal order on PayPal's page. */
  approveOrder(id: string): void {
    const order = this.orders.get(id);
    if (order === undefined) throw new Error(`no PayPal order ${id}`);
    order.status = 'APPROVED';
  }

  /** The capture of a PayPal order, once captured. */
  captureIdOf(id: string): string {
    const capture = this.orders.get(id)?.capture;
    if (capture === undefined) throw new Error(`PayPal order ${id} is not captured`);
    return capture.id;
  }

  /** Changes a subscription as PayPal would (approved and active, billed until a new time, cancelled). */
  update(id: string, change: Partial<Omit<DoubleSubscription, 'id'>>): DoubleSubscription {
    const subscription = this.subscriptions.get(id);
    if (subscription === undefined) throw new Error(`no PayPal subscription ${id}`);
    Object.assign(subscription, change);
    return subscription;
  }

  /** A subscription as its webhook events carry it. */
  subscriptionResource(id: string): Record<string, unknown> {
    const subscription = this.subscriptions.get(id);
    if (subscription === undefined) throw new Error(`no PayPal subscription ${id}`);
    return this.subscriptionView(subscription);
  }

  /**
   * A webhook delivery as PayPal makes it: the event's bytes and the transmission headers, signed
   * for `webhookId` with this double's key (or, `forge`, with another one).
   */
  signedEvent(
    webhookId: string,
    event: { id: string; event_type: string; resource: unknown },
    forge = false,
  ): { body: string; headers: Record<string, string> } {
    const body = JSON.stringify({ ...event, event_version: '1.0', create_time: new Date().toISOString(), summary: event.event_type });
    const transmissionId = randomUUID();
    const transmissionTime = new Date().toISOString();
    const signer = createSign('sha256');
    signer.update(`${transmissionId}|${transmissionTime}|${webhookId}|${crc32(body)}`);
    const key = forge ? generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey : this.keys.privateKey;
    return {
      body,
      headers: {
        'paypal-auth-algo': 'SHA256withRSA',
        'paypal-cert-url': 'https://api-m.sandbox.paypal.com/v1/notifications/certs/CERT-double',
        'paypal-transmission-id': transmissionId,
        'paypal-transmission-time': transmissionTime,
        'paypal-transmission-sig': signer.sign(key, 'base64'),
      },
    };
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', () => resolve()));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

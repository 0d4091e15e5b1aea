import { afterEach, describe, expect, it, vi } from 'vitest';
import { paypalApiBase } from './client.js';
import { signatureHeaders, verifyPaypalWebhook, type PaypalTokenSource } from './verify.js';

const headers = {
  'paypal-auth-algo': 'SHA256withRSA',
  'paypal-cert-url': 'https://api-m.sandbox.paypal.com/v1/notifications/certs/CERT-test',
  'paypal-transmission-id': 'transmission-1',
  'paypal-transmission-sig': 'c2lnbmF0dXJl',
  'paypal-transmission-time': '2026-01-01T00:00:00Z',
};
/** The SDK client as far as verification uses it: its client-credentials token. */
const client: PaypalTokenSource = { clientCredentialsAuthManager: { fetchToken: async () => ({ accessToken: 'access-token', tokenType: 'Bearer' }) } };

describe('PayPal webhook verification', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('needs every signature header', () => {
    expect(signatureHeaders(headers)).toEqual(headers);
    expect(signatureHeaders({ ...headers, 'paypal-transmission-sig': undefined })).toBeNull();
    expect(signatureHeaders({ ...headers, 'paypal-cert-url': '' })).toBeNull();
  });

  it('sends the event back byte for byte with the webhook id, and trusts only SUCCESS', async () => {
    const raw = '{"id":"WH-1",  "event_type":"PAYMENT.CAPTURE.COMPLETED","resource":{"amount":{"value":"10.00"}}}';
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => new Response(JSON.stringify({ verification_status: 'SUCCESS' }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    expect(await verifyPaypalWebhook(client, paypalApiBase(true), 'WEBHOOK1', headers, raw)).toBe(true);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('https://api-m.sandbox.paypal.com/v1/notifications/verify-webhook-signature');
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer access-token');
    const body = String(init.body);
    expect(body.endsWith(`"webhook_event":${raw}}`)).toBe(true);
    expect(JSON.parse(body)).toMatchObject({
      auth_algo: 'SHA256withRSA',
      transmission_id: 'transmission-1',
      webhook_id: 'WEBHOOK1',
      webhook_event: { id: 'WH-1' },
    });

    fetch.mockResolvedValueOnce(new Response(JSON.stringify({ verification_status: 'FAILURE' }), { status: 200 }));
    expect(await verifyPaypalWebhook(client, paypalApiBase(false), 'WEBHOOK1', headers, raw)).toBe(false);
    expect(fetch.mock.calls[1]![0]).toBe('https://api-m.paypal.com/v1/notifications/verify-webhook-signature');
    fetch.mockResolvedValueOnce(new Response('{"name":"INVALID_REQUEST"}', { status: 400 }));
    expect(await verifyPaypalWebhook(client, paypalApiBase(false), 'WEBHOOK1', headers, raw)).toBe(false);
  });
});

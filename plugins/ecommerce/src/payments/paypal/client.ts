import { Agent as HttpsAgent, type AgentOptions } from 'node:https';
import { connect as tcpConnect, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { Client, Environment, OrdersController, PaymentsController, SubscriptionsController } from '@paypal/paypal-server-sdk';
import type { ProviderSettings } from '../../db/tables.js';

export type PaypalSettings = NonNullable<ProviderSettings['paypal']>;

/** The settings with both credentials set, or null: nothing can be asked of PayPal without them. */
export function paypalCredentials(settings: ProviderSettings): (PaypalSettings & { clientId: string; clientSecret: string }) | null {
  const paypal = settings.paypal;
  if (paypal === undefined || !paypal.clientId || !paypal.clientSecret) return null;
  return { ...paypal, clientId: paypal.clientId, clientSecret: paypal.clientSecret };
}

/**
 * PayPal's REST host for the environment the keys belong to (the SDK's own base addresses), or
 * `apiUrl` (the platform's PAYPAL_API_URL: a double on loopback in tests).
 */
export function paypalApiBase(sandbox: boolean | undefined, apiUrl?: string): string {
  if (apiUrl !== undefined) return apiUrl.replace(/\/+$/, '');
  return sandbox === true ? 'https://api-m.sandbox.paypal.com' : 'https://api-m.paypal.com';
}

/**
 * An HTTPS agent whose connections go to `apiUrl` instead of the host asked for. The SDK fixes its
 * base address per environment and offers no other, so PAYPAL_API_URL redirects its connections:
 * the request (path, headers, OAuth) is exactly what the SDK sends PayPal, over plain TCP to an
 * http: address or TLS to an https: one.
 */
function redirectingAgent(apiUrl: string): HttpsAgent {
  const target = new URL(apiUrl);
  const secure = target.protocol === 'https:';
  const host = target.hostname.replace(/^\[(.*)\]$/, '$1');
  const port = Number(target.port || (secure ? 443 : 80));
  class RedirectingAgent extends HttpsAgent {
    override createConnection(): Socket {
      return secure ? tlsConnect({ host, port, servername: host }) : tcpConnect({ host, port });
    }
  }
  const options: AgentOptions = { keepAlive: false };
  return new RedirectingAgent(options);
}

/**
 * The official SDK's client for the REST app (OAuth client credentials; the SDK fetches and
 * refreshes the token). PayPal credentials do not tell live from sandbox, hence the setting.
 * `apiUrl` is the platform's PAYPAL_API_URL, unset in production.
 */
export function paypalClient(paypal: { clientId: string; clientSecret: string; sandbox?: boolean }, apiUrl?: string): Client {
  return new Client({
    clientCredentialsAuthCredentials: { oAuthClientId: paypal.clientId, oAuthClientSecret: paypal.clientSecret },
    environment: paypal.sandbox === true ? Environment.Sandbox : Environment.Production,
    timeout: 20_000,
    ...(apiUrl === undefined ? {} : { httpClientOptions: { httpsAgent: redirectingAgent(apiUrl) } }),
  });
}

export const paypalOrders = (client: Client): OrdersController => new OrdersController(client);
export const paypalPayments = (client: Client): PaymentsController => new PaymentsController(client);
export const paypalSubscriptions = (client: Client): SubscriptionsController => new SubscriptionsController(client);

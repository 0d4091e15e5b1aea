import { Client, Environment, OrdersController, PaymentsController } from '@paypal/paypal-server-sdk';
import type { ProviderSettings } from '../../db/tables.js';

export type PaypalSettings = NonNullable<ProviderSettings['paypal']>;

/** The settings with both credentials set, or null: nothing can be asked of PayPal without them. */
export function paypalCredentials(settings: ProviderSettings): (PaypalSettings & { clientId: string; clientSecret: string }) | null {
  const paypal = settings.paypal;
  if (paypal === undefined || !paypal.clientId || !paypal.clientSecret) return null;
  return { ...paypal, clientId: paypal.clientId, clientSecret: paypal.clientSecret };
}

/** PayPal's REST host for the environment the keys belong to (the SDK's own base addresses). */
export function paypalApiBase(sandbox: boolean | undefined): string {
  return sandbox === true ? 'https://api-m.sandbox.paypal.com' : 'https://api-m.paypal.com';
}

/**
 * The official SDK's client for the site's REST app (OAuth client credentials; the SDK fetches and
 * refreshes the token). PayPal credentials do not tell live from sandbox, hence the setting.
 */
export function paypalClient(paypal: { clientId: string; clientSecret: string; sandbox?: boolean }): Client {
  return new Client({
    clientCredentialsAuthCredentials: { oAuthClientId: paypal.clientId, oAuthClientSecret: paypal.clientSecret },
    environment: paypal.sandbox === true ? Environment.Sandbox : Environment.Production,
    timeout: 20_000,
  });
}

export const paypalOrders = (client: Client): OrdersController => new OrdersController(client);
export const paypalPayments = (client: Client): PaymentsController => new PaymentsController(client);

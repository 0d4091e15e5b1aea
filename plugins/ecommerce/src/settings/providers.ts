import type { PaymentProvider, PluginRequest } from '@lectern/sdk';
import type { ProviderSettings } from '../db/tables.js';
import type { ShopCurrency } from '../shop-currency.js';

/** The option holding the account's payment settings. */
export const PROVIDERS_OPTION = 'ecommerce_providers';

/** A new site takes offline payments (the owner marks orders paid) until it sets up a provider. */
export const DEFAULT_PROVIDERS: ProviderSettings = { offline: { enabled: true, instructions: '' } };

export async function providerSettings(request: PluginRequest): Promise<ProviderSettings> {
  return (await request.ctx.options.get(PROVIDERS_OPTION)) as ProviderSettings | undefined ?? DEFAULT_PROVIDERS;
}

/** Whether a provider is switched on and has the keys it needs to take a payment. */
export function isReady(settings: ProviderSettings, provider: PaymentProvider): boolean {
  switch (provider) {
    case 'offline':
      return settings.offline?.enabled === true;
    case 'stripe':
      return settings.stripe?.enabled === true && Boolean(settings.stripe.secretKey);
    case 'paypal':
      return settings.paypal?.enabled === true && Boolean(settings.paypal.clientId && settings.paypal.clientSecret);
    case 'razorpay':
      return settings.razorpay?.enabled === true && Boolean(settings.razorpay.keyId && settings.razorpay.keySecret);
  }
}

/** SPEC §3: the providers a buyer may choose: switched on, and supporting the site's currency. */
export function availableProviders(settings: ProviderSettings, currency: ShopCurrency): PaymentProvider[] {
  return currency.providers.filter((provider) => isReady(settings, provider));
}

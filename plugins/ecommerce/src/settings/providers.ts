import { DEFAULT_PAYMENT_PROVIDER, type PaymentProvider, type PluginDbScope, type PluginOptions, type PluginRequest } from '@lectern/sdk';
import type { ProviderSettings } from '../db/tables.js';
import type { ShopCurrency } from '../shop-currency.js';

/** The option holding the account's payment settings. */
export const PROVIDERS_OPTION = 'ecommerce_providers';

/** A new site takes offline payments (the owner marks orders paid) until it sets up a provider. */
export const DEFAULT_PROVIDERS: ProviderSettings = { offline: { enabled: true, instructions: '' } };

export async function providerSettings(request: PluginRequest): Promise<ProviderSettings> {
  return ((await request.ctx.options.get(PROVIDERS_OPTION)) as ProviderSettings | undefined) ?? DEFAULT_PROVIDERS;
}

/** An account's payment settings outside its own request (the platform's, read while a site's request or a job runs). */
export async function providerSettingsOf(options: PluginOptions, scope: PluginDbScope): Promise<ProviderSettings> {
  return ((await options.get(scope, PROVIDERS_OPTION)) as ProviderSettings | undefined) ?? DEFAULT_PROVIDERS;
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

/**
 * The providers that can sell a subscription: offline (the owner renews by hand) and Stripe. PayPal
 * and Razorpay are wired here for one-time orders only.
 */
export const SUBSCRIPTION_PROVIDERS: readonly PaymentProvider[] = ['offline', 'stripe'];

/**
 * SPEC §3: the providers a buyer may choose: switched on, supporting the site's currency and, for a
 * cart holding a subscription, able to sell one.
 */
export function availableProviders(
  settings: ProviderSettings,
  currency: ShopCurrency,
  cart: { subscription: boolean } = { subscription: false },
): PaymentProvider[] {
  return currency.providers.filter((provider) => isReady(settings, provider) && (!cart.subscription || SUBSCRIPTION_PROVIDERS.includes(provider)));
}

/**
 * SPEC §9's default provider (PayPal) first, then the other online providers in SPEC §3's order;
 * offline (the owner's bank details) last. Every provider is listed, so whatever the buyer may
 * choose has a rank.
 */
const PREFERENCE: readonly PaymentProvider[] = [DEFAULT_PAYMENT_PROVIDER, 'stripe', 'razorpay', 'offline'];

/**
 * The method checkout preselects among those the buyer may choose: SPEC §9's default provider
 * when it is set up and takes the site's currency and the cart; otherwise the first online
 * provider that can, and offline only when nothing else can. Null when none can.
 */
export function defaultProvider(available: readonly PaymentProvider[]): PaymentProvider | null {
  return PREFERENCE.find((provider) => available.includes(provider)) ?? null;
}

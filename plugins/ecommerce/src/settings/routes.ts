import type { PluginApp, PluginContext } from '@lectern/sdk';
import type { ProviderSettings } from '../db/tables.js';
import { MANAGE } from '../manifest.js';
import { shopCurrency } from '../shop-currency.js';
import { availableProviders, providerSettings, PROVIDERS_OPTION } from './providers.js';

const tags = ['ecommerce'];
const Key = { type: 'string', maxLength: 500 } as const;

/** Secrets are write-only: the screen learns whether one is set, never its value. */
const SECRET_FIELDS = { stripe: ['secretKey', 'webhookSecret'], paypal: ['clientSecret'], razorpay: ['keySecret', 'webhookSecret'] } as const;

const ProvidersInput = {
  type: 'object',
  additionalProperties: false,
  properties: {
    offline: {
      type: 'object',
      required: ['enabled'],
      additionalProperties: false,
      properties: { enabled: { type: 'boolean' }, instructions: { type: 'string', maxLength: 2000 } },
    },
    stripe: {
      type: 'object',
      required: ['enabled'],
      additionalProperties: false,
      properties: { enabled: { type: 'boolean' }, publishableKey: Key, secretKey: Key, webhookSecret: Key },
    },
    paypal: {
      type: 'object',
      required: ['enabled'],
      additionalProperties: false,
      properties: {
        enabled: { type: 'boolean' },
        clientId: Key,
        clientSecret: Key,
        webhookId: Key,
        sandbox: { type: 'boolean', description: 'Use PayPal sandbox credentials' },
      },
    },
    razorpay: {
      type: 'object',
      required: ['enabled'],
      additionalProperties: false,
      properties: { enabled: { type: 'boolean' }, keyId: Key, keySecret: Key, webhookSecret: Key },
    },
  },
} as const;

const SettingsView = {
  type: 'object',
  required: ['providers', 'secretsSet', 'currency', 'available', 'webhooks'],
  additionalProperties: false,
  properties: {
    providers: ProvidersInput,
    secretsSet: { type: 'object', additionalProperties: { type: 'boolean' }, description: '"stripe.secretKey": true when stored' },
    currency: {
      type: 'object',
      required: ['code', 'digits', 'providers'],
      additionalProperties: false,
      properties: { code: { type: 'string' }, digits: { type: 'integer' }, providers: { type: 'array', items: { type: 'string' } } },
    },
    available: { type: 'array', items: { type: 'string' }, description: 'Providers buyers can choose now (on, configured, and supporting the currency)' },
    webhooks: { type: 'object', additionalProperties: { type: 'string' }, description: 'The address to register with each provider' },
  },
} as const;

function withoutSecrets(settings: ProviderSettings): { providers: ProviderSettings; secretsSet: Record<string, boolean> } {
  const providers = structuredClone(settings) as Record<string, Record<string, unknown> | undefined>;
  const secretsSet: Record<string, boolean> = {};
  for (const [provider, fields] of Object.entries(SECRET_FIELDS)) {
    for (const field of fields) {
      secretsSet[`${provider}.${field}`] = Boolean(providers[provider]?.[field]);
      if (providers[provider] !== undefined) delete providers[provider][field];
    }
  }
  return { providers: providers as ProviderSettings, secretsSet };
}

/** A secret left out keeps its stored value; an empty string clears it. */
function merged(stored: ProviderSettings, input: ProviderSettings): ProviderSettings {
  const next = { ...stored } as Record<string, Record<string, unknown> | undefined>;
  for (const [provider, value] of Object.entries(input) as Array<[string, Record<string, unknown>]>) {
    const kept = Object.fromEntries(
      ((SECRET_FIELDS as Record<string, readonly string[]>)[provider] ?? [])
        .filter((field) => !(field in value))
        .flatMap((field) => (next[provider]?.[field] === undefined ? [] : [[field, next[provider]![field]]])),
    );
    next[provider] = { ...value, ...kept };
  }
  return next as ProviderSettings;
}

/** The shop's payment settings (SPEC §3 providers) for the manager. */
export async function settingsRoutes(app: PluginApp, plugin: PluginContext): Promise<void> {
  const answer = (request: Parameters<typeof providerSettings>[0], settings: ProviderSettings) => {
    const currency = shopCurrency(request.ctx.account.settings);
    const origin = plugin.siteUrl(request);
    return {
      ...withoutSecrets(settings),
      currency: { code: currency.code, digits: currency.digits, providers: [...currency.providers] },
      available: availableProviders(settings, currency),
      webhooks: {
        stripe: `${origin}/api/ecommerce/webhooks/stripe`,
        paypal: `${origin}/api/ecommerce/webhooks/paypal`,
        razorpay: `${origin}/api/ecommerce/webhooks/razorpay`,
      },
    };
  };

  app.get(
    '/settings',
    { config: { capability: MANAGE }, schema: { tags, summary: 'Payment settings (secrets shown only as set or not)', response: { 200: SettingsView } } },
    async (request) => answer(request, await providerSettings(request)),
  );

  app.put<{ Body: ProviderSettings }>(
    '/settings',
    {
      config: { capability: MANAGE },
      schema: {
        tags,
        summary: 'Save payment settings (a secret left out keeps its value; "" clears it)',
        body: ProvidersInput,
        response: { 200: SettingsView },
      },
    },
    async (request) => {
      // Answered from what was saved: the option cache is purged only once the transaction commits.
      const next = merged(await providerSettings(request), request.body);
      await request.ctx.options.set(PROVIDERS_OPTION, next);
      return answer(request, next);
    },
  );
}

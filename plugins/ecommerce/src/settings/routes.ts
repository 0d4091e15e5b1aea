import type { PluginApp, PluginContext } from '@lectern/sdk';
import type { ProviderSettings } from '../db/tables.js';
import { MANAGE } from '../manifest.js';
import { shopCurrency } from '../shop-currency.js';
import { availableProviders, providerSettings, PROVIDERS_OPTION } from './providers.js';
import { ProvidersInput, SettingsView } from './schemas.js';

const tags = ['ecommerce'];

/** Secrets are write-only: the screen learns whether one is set, never its value. */
const SECRET_FIELDS = { stripe: ['secretKey', 'webhookSecret'], paypal: ['clientSecret'], razorpay: ['keySecret', 'webhookSecret'] } as const;

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

  app.put(
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

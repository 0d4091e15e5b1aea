import { Type, type Static, type TSchema } from '@lectern/sdk';

/** TypeBox schemas of the shop's payment settings (SPEC §3 providers). */
const Key = Type.String({ maxLength: 500 });

export const ProvidersInput = Type.Object(
  {
    offline: Type.Optional(
      Type.Object({ enabled: Type.Boolean(), instructions: Type.Optional(Type.String({ maxLength: 2000 })) }, { additionalProperties: false }),
    ),
    stripe: Type.Optional(
      Type.Object(
        { enabled: Type.Boolean(), publishableKey: Type.Optional(Key), secretKey: Type.Optional(Key), webhookSecret: Type.Optional(Key) },
        { additionalProperties: false },
      ),
    ),
    paypal: Type.Optional(
      Type.Object(
        {
          enabled: Type.Boolean(),
          clientId: Type.Optional(Key),
          clientSecret: Type.Optional(Key),
          webhookId: Type.Optional(Key),
          sandbox: Type.Optional(Type.Boolean({ description: 'Use PayPal sandbox credentials' })),
        },
        { additionalProperties: false },
      ),
    ),
    razorpay: Type.Optional(
      Type.Object(
        { enabled: Type.Boolean(), keyId: Type.Optional(Key), keySecret: Type.Optional(Key), webhookSecret: Type.Optional(Key) },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

/**
 * A map of names to values, as `{ type: 'object', additionalProperties: … }` (Type.Record would
 * send a patternProperties schema instead; the wire schema stays as it was).
 */
const MapOf = <T extends TSchema>(values: T, description: string) =>
  Type.Unsafe<Record<string, Static<T>>>({ type: 'object', additionalProperties: values, description });

export const SettingsView = Type.Object(
  {
    providers: ProvidersInput,
    secretsSet: MapOf(Type.Boolean(), '"stripe.secretKey": true when stored'),
    currency: Type.Object({ code: Type.String(), digits: Type.Integer(), providers: Type.Array(Type.String()) }, { additionalProperties: false }),
    available: Type.Array(Type.String(), { description: 'Providers buyers can choose now (on, configured, and supporting the currency)' }),
    webhooks: MapOf(Type.String(), 'The address to register with each provider'),
  },
  { additionalProperties: false },
);

/** Wire types: what the browser sends and receives, derived from the schemas above (never copied). */
export type ProviderSettingsWire = Static<typeof ProvidersInput>;
export type SettingsViewWire = Static<typeof SettingsView>;

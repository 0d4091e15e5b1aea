import type { Provider, ProviderSettings, ShopSettings } from '../../shared/model';

/** The settings of each provider the form shows; secrets are write-only (the server answers only whether one is set). */
export const PROVIDER_FIELDS = {
  offline: [{ key: 'instructions', kind: 'multiline' }],
  stripe: [
    { key: 'publishableKey', kind: 'text' },
    { key: 'secretKey', kind: 'secret' },
    { key: 'webhookSecret', kind: 'secret' },
  ],
  paypal: [
    { key: 'clientId', kind: 'text' },
    { key: 'clientSecret', kind: 'secret' },
    { key: 'webhookId', kind: 'text' },
  ],
  razorpay: [
    { key: 'keyId', kind: 'text' },
    { key: 'keySecret', kind: 'secret' },
    { key: 'webhookSecret', kind: 'secret' },
  ],
} as const satisfies Record<Provider, ReadonlyArray<{ key: string; kind: 'text' | 'multiline' | 'secret' }>>;

/** Each provider's on/off options besides its switch (PayPal's sandbox keys); a missing one reads as off. */
export const PROVIDER_FLAGS = { offline: [], stripe: [], paypal: ['sandbox'], razorpay: [] } as const satisfies Record<Provider, readonly string[]>;

/** Providers that take one-time orders only: subscriptions sell through Stripe or offline. */
export const ONE_TIME_ONLY: readonly Provider[] = ['paypal', 'razorpay'];

export interface ProviderForm {
  enabled: boolean;
  /** Stored settings this form does not show (a newer server's options): sent back as they are so saving keeps them. */
  kept: Record<string, unknown>;
  /** Plain settings as stored, and secrets as newly typed ('' keeps the stored one). */
  values: Record<string, string>;
  /** The provider's flags (PROVIDER_FLAGS), as checkboxes. */
  flags: Record<string, boolean>;
  /** Secrets the manager asked to remove. */
  clear: Record<string, boolean>;
}
export type PaymentsForm = Record<Provider, ProviderForm>;

/** The form as the saved settings show it: plain values filled in, secret fields empty. */
export function paymentsFormOf(settings: ShopSettings): PaymentsForm {
  const stored = settings.providers as Record<Provider, Record<string, unknown> | undefined>;
  const form = {} as PaymentsForm;
  for (const provider of Object.keys(PROVIDER_FIELDS) as Provider[]) {
    const saved = stored[provider] ?? {};
    const values: Record<string, string> = {};
    for (const field of PROVIDER_FIELDS[provider])
      values[field.key] = field.kind === 'secret' ? '' : typeof saved[field.key] === 'string' ? (saved[field.key] as string) : '';
    const flags: Record<string, boolean> = {};
    for (const flag of PROVIDER_FLAGS[provider]) flags[flag] = saved[flag] === true;
    const shown = new Set<string>(['enabled', ...PROVIDER_FIELDS[provider].map((field) => field.key), ...PROVIDER_FLAGS[provider]]);
    const kept = Object.fromEntries(Object.entries(saved).filter(([key]) => !shown.has(key)));
    form[provider] = { enabled: saved.enabled === true, kept, values, flags, clear: {} };
  }
  return form;
}

/**
 * The PUT /settings body: every provider with its plain values; a secret only when typed (its new
 * value) or cleared (""), so one left alone keeps what is stored.
 */
export function paymentsBody(form: PaymentsForm): ProviderSettings {
  const body: Record<string, Record<string, unknown>> = {};
  for (const provider of Object.keys(PROVIDER_FIELDS) as Provider[]) {
    const { enabled, kept, values, flags, clear } = form[provider];
    const entry: Record<string, unknown> = { ...kept, enabled };
    for (const flag of PROVIDER_FLAGS[provider]) entry[flag] = flags[flag] === true;
    for (const field of PROVIDER_FIELDS[provider]) {
      const typed = (values[field.key] ?? '').trim();
      if (field.kind !== 'secret') entry[field.key] = field.kind === 'multiline' ? (values[field.key] ?? '') : typed;
      else if (typed !== '') entry[field.key] = typed;
      else if (clear[field.key] === true) entry[field.key] = '';
    }
    body[provider] = entry;
  }
  return body as ProviderSettings;
}

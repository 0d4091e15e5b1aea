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

/** Providers whose payments the server does not take yet: their settings save, with a note on screen. */
export const NOT_YET: readonly Provider[] = ['paypal', 'razorpay'];

export interface ProviderForm {
  enabled: boolean;
  /** Plain settings as stored, and secrets as newly typed ('' keeps the stored one). */
  values: Record<string, string>;
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
    for (const field of PROVIDER_FIELDS[provider]) values[field.key] = field.kind === 'secret' ? '' : typeof saved[field.key] === 'string' ? (saved[field.key] as string) : '';
    form[provider] = { enabled: saved.enabled === true, values, clear: {} };
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
    const { enabled, values, clear } = form[provider];
    const entry: Record<string, unknown> = { enabled };
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

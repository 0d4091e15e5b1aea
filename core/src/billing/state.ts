/**
 * Where a site stands with the platform's bill (DECISIONS "Accounts, sign-up and plans"): a trial
 * or subscription that lapses leaves the site read-only for READ_ONLY_DAYS, then suspended until it
 * pays or a super-admin acts. Billing never deletes anything.
 */
export const BILLING_STATUSES = ['trialing', 'active', 'past_due', 'read_only', 'suspended', 'comp'] as const;

export type BillingStatus = (typeof BILLING_STATUSES)[number];

/** How long a lapsed site stays read-only before it is suspended. */
export const READ_ONLY_DAYS = 30;

const DAY_MS = 86_400_000;

export function toBillingStatus(value: string | undefined): BillingStatus {
  return (BILLING_STATUSES as readonly string[]).includes(value ?? '') ? (value as BillingStatus) : 'comp';
}

/** True when the site's bill lapsed: its members read and sign in, nobody writes but to pay. */
export function billingLocked(status: BillingStatus): boolean {
  return status === 'read_only' || status === 'suspended';
}

/** When a site that went read-only at `lapsedAt` is suspended. */
export function suspensionDate(lapsedAt: Date | string): Date {
  return new Date(new Date(lapsedAt).getTime() + READ_ONLY_DAYS * DAY_MS);
}

export interface BillingGate {
  status: BillingStatus;
  method: string;
  url: string | undefined;
  /** The route stays open while the bill has lapsed (billing, the dashboard's shell): `config.billing`. */
  billingRoute: boolean;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * What a site whose bill lapsed refuses: a read-only site every write (its pages and dashboard stay
 * readable), a suspended one everything; sign-in and the way to pay stay open for both. Null: go on.
 */
export function billingRefusal(gate: BillingGate): 'accountReadOnly' | 'accountSuspended' | null {
  if (!billingLocked(gate.status) || gate.billingRoute || gate.url?.startsWith('/auth/v1/') === true) return null;
  if (gate.status === 'suspended') return 'accountSuspended';
  return SAFE_METHODS.has(gate.method) ? null : 'accountReadOnly';
}

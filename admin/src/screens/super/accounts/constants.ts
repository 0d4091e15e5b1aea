import type { PlatformAccountQueryWire } from '@lectern/sdk/wire';

/** What the accounts screen's parts share: the status filter's values and the form rules. */

export type AccountStatus = NonNullable<PlatformAccountQueryWire['status']>;
export const STATUSES = ['active', 'suspended'] as const satisfies readonly AccountStatus[];
export const isStatus = (value: string | null): value is AccountStatus => value === 'active' || value === 'suspended';

/** The server's rule for a site address (core/src/tenancy/hosts.ts SLUG). */
export const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const NAME_MAX = 200;
/** Accounts on a page of the list. */
export const LIMIT = 20;
/** Feature badges shown in a row before the rest fold into "+N" (the cell's title lists them all). */
export const FEATURES_SHOWN = 3;

import { createToken } from '@lectern/sdk';
import type { Memberships } from './memberships/service.js';
import type { OrderLifecycle } from './orders/lifecycle.js';
import type { SubscriptionRenewals } from './orders/renewals.js';

/**
 * The shop's own parts, built once in `register` and shared with its later phases (jobs, routes)
 * through the kernel's container, so each kernel gets its own. Private: not in the shop's contract.
 */
export const ShopParts = {
  memberships: createToken<Memberships>('ecommerce.internal.memberships'),
  renewals: createToken<SubscriptionRenewals>('ecommerce.internal.renewals'),
  lifecycle: createToken<OrderLifecycle>('ecommerce.internal.lifecycle'),
} as const;

import { createToken, type PluginOptions } from '@lectern/sdk';
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
  /** The context's options, for the shop's site pages (their loaders get services, not the context). */
  options: createToken<PluginOptions>('ecommerce.internal.options'),
} as const;

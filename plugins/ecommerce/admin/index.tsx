import type { ComponentType } from 'react';

/**
 * The shop's dashboard screens, by menu entry id of the manifest (without the `ecommerce.` prefix).
 * Each screen is its own chunk; they build only on `@lectern/admin/kit`. The quick-create "New
 * product" entry shares the manager's path (SPEC §2), so both ids open the same screen.
 */
export const screens: Record<string, () => Promise<{ default: ComponentType }>> = {
  orders: () => import('./orders/MyOrdersScreen'),
  manage: () => import('./manage/ManageShopScreen'),
  'new-product': () => import('./manage/ManageShopScreen'),
  memberships: () => import('./memberships/MembershipsScreen'),
};

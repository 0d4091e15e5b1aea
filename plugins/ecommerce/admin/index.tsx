import type { ComponentType } from 'react';

/**
 * The shop's dashboard screens, by menu entry id of the manifest (without the `ecommerce.` prefix).
 * Each screen is its own chunk; they build only on `@lectern/admin/kit`. The quick-create "New
 * product" entry opens the product form at /dashboard/manage/ecommerce/products/new.
 */
export const screens: Record<string, () => Promise<{ default: ComponentType }>> = {
  orders: () => import('./orders/MyOrdersScreen'),
  manage: () => import('./manage/ManageShopScreen'),
  'new-product': () => import('./manage/NewProductScreen'),
  memberships: () => import('./memberships/MembershipsScreen'),
  // The super-admin's billing (the platform's own shop sells the plans).
  'billing-subscriptions': () => import('./billing/SubscriptionsScreen'),
  'billing-orders': () => import('./billing/OrdersScreen'),
  'billing-products': () => import('./billing/ProductsScreen'),
};

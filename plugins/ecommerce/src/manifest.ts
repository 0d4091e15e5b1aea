import type { PluginManifest } from '@lectern/sdk';
import { ECOMMERCE_TABLES } from './db/tables.js';
import { SHOP_ACTIONS, SHOP_CONDITIONS, SHOP_TRIGGERS } from './triggers.js';

/** SPEC §2/§6: the shop is managed by members with manage_options. */
export const MANAGE = 'manage_options';

/**
 * Products, cart, coupons, checkout, payments, orders and memberships. Every site sells (SPEC §1
 * lists no e-commerce feature flag), so the plugin has no feature: it is on for every account.
 * The API is mounted under /api/ecommerce; dashboard screens live in admin/.
 */
export const manifest: PluginManifest = {
  name: 'ecommerce',
  version: '0.1.0',
  kernel: '^0.1.0',
  description: 'Products, cart, coupons, checkout, payments, orders and memberships',
  // With the LMS installed, the shop loads and seeds after it (course products name its courses).
  after: ['lms'],
  tables: { ...ECOMMERCE_TABLES },
  // SPEC §9: the triggers the shop raises (through the kernel's automation engine, in the
  // transaction of the change) and the actions it answers; schemas in triggers.ts.
  automation: { triggers: SHOP_TRIGGERS, conditions: SHOP_CONDITIONS, actions: SHOP_ACTIONS },
  admin: {
    menu: [
      // SPEC §2: orders for members without manage_options (owners get pages and posts instead).
      { id: 'orders', label: 'menu.orders', path: '/dashboard/orders', order: 45, without: MANAGE, icon: 'card' },
      { id: 'manage', label: 'menu.ecommerce', path: '/dashboard/manage/ecommerce', area: 'profile', order: 30, capability: MANAGE, icon: 'card' },
      // The super-admin's billing: the platform sells plans through its own shop (issue 18).
      { id: 'billing-subscriptions', label: 'menu.subscriptions', path: '/dashboard/billing/subscriptions', area: 'super', order: 33, icon: 'card' },
      { id: 'billing-orders', label: 'menu.planOrders', path: '/dashboard/billing/orders', area: 'super', order: 34, icon: 'card' },
      { id: 'billing-products', label: 'menu.planProducts', path: '/dashboard/billing/products', area: 'super', order: 35, icon: 'card' },
      // SPEC §2 quick-create: e-commerce and memberships.
      {
        id: 'new-product',
        label: 'menu.newProduct',
        path: '/dashboard/manage/ecommerce/products/new',
        area: 'quick',
        order: 15,
        capability: MANAGE,
        icon: 'card',
      },
      {
        id: 'memberships',
        label: 'menu.memberships',
        path: '/dashboard/manage/ecommerce/memberships',
        area: 'quick',
        order: 16,
        capability: MANAGE,
        icon: 'users',
      },
    ],
  },
};

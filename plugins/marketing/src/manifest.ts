import type { PluginManifest } from '@lectern/sdk';
import { MARKETING_ACTIONS, MARKETING_CONDITIONS, MARKETING_TRIGGERS } from './automation/declarations.js';
import { MARKETING_TABLES } from './db/tables.js';

/** The add-on owners switch on; SPEC §6 puts forms (and so this plugin) on Professional and up. */
export const FEATURE = 'marketing';

/** SPEC §2/§6: marketing is managed by members with manage_options. */
export const MANAGE = 'manage_options';

/**
 * Mailing lists and their contacts (SPEC §3 Mailing contact, Mailing list link), with forms, popups,
 * campaigns and the automation builder to follow on the same tables (issue 19). The API is mounted
 * under /api/marketing; the dashboard screens live in admin/.
 */
export const manifest: PluginManifest = {
  name: 'marketing',
  version: '0.1.0',
  kernel: '^0.1.0',
  description: 'Mailing lists and contacts, forms, popups, campaigns and automations',
  feature: FEATURE,
  plans: ['professional', 'dedicated', 'lifetime'],
  // What the provider's pages may promise (a line of their copy shows while every part it needs is here).
  provides: ['mailing-lists', 'forms', 'popups', 'campaigns', 'automations'],
  tables: { ...MARKETING_TABLES },
  // SPEC §9: the triggers marketing raises (through the kernel's automation engine, in the
  // transaction of the change); schemas in automation/declarations.ts.
  automation: { triggers: MARKETING_TRIGGERS, conditions: MARKETING_CONDITIONS, actions: MARKETING_ACTIONS },
  admin: {
    menu: [
      // SPEC §2 quick-create: /dashboard/manage/marketing/ (the marketing home: lists and contacts for now).
      {
        id: 'marketing',
        label: 'marketing-admin:menu',
        path: '/dashboard/manage/marketing',
        area: 'profile',
        order: 32,
        capability: MANAGE,
        feature: FEATURE,
        icon: 'megaphone',
      },
      // SPEC §2 quick-create: /dashboard/manage/marketing/automations (issue 19 item 5: the builder over the kernel's engine).
      {
        id: 'automations',
        label: 'marketing-admin:automationsMenu',
        path: '/dashboard/manage/marketing/automations',
        area: 'profile',
        order: 33,
        capability: MANAGE,
        feature: FEATURE,
        icon: 'history',
      },
    ],
  },
};

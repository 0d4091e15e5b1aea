import { tsString, type TemplateContext } from './context.js';

export function manifestTs(ctx: TemplateContext): string {
  return `import type { PluginManifest } from '@lectern/sdk';

/** The feature flag owners switch on (Add-ons) to use the plugin on their site. */
export const FEATURE = ${tsString(ctx.feature)};
/** Lets a member manage the plugin's items; granted to owners when an account is created. */
export const CAPABILITY = ${tsString(ctx.capability)};
/** The plugin's tenant table (see migrations.ts). */
export const ITEMS_TABLE = ${tsString(ctx.itemsTable)};

/** What the plugin is and adds to the platform: pure data, validated by the kernel at boot. */
export const manifest: PluginManifest = {
  name: ${tsString(ctx.name)},
  version: '0.1.0',
  kernel: '^0.1.0',
  description: ${tsString(ctx.description)},
  feature: FEATURE,
  plans: ['starter', 'professional', 'dedicated', 'lifetime'],
  capabilities: [{ name: CAPABILITY, description: ${tsString(`Manage ${ctx.name} items`)}, roles: ['owner'] }],
  tables: { [ITEMS_TABLE]: 'tenant' },
  admin: {
    menu: [
      {
        id: ${tsString(ctx.name)},
        label: ${tsString(`${ctx.name}.menu`)},
        path: ${tsString(`/dashboard/${ctx.name}`)},
        capability: CAPABILITY,
        feature: FEATURE,
      },
    ],
  },
};
`;
}

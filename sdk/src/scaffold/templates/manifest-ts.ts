import { tsString, type TemplateContext } from './context.js';

export function manifestTs(ctx: TemplateContext): string {
  return `import { defineAction, defineTrigger, Type, type PluginManifest } from '@lectern/sdk';

/** The feature flag owners switch on (Add-ons); the capability is granted to owners. */
export const FEATURE = ${tsString(ctx.feature)};
export const CAPABILITY = ${tsString(ctx.capability)};
export const ITEMS_TABLE = ${tsString(ctx.itemsTable)};

/** Raised in the transaction that adds an item; automations start from it. */
export const itemAdded = defineTrigger(${tsString(`${ctx.underscored}_item_added`)}, Type.Object({ itemId: Type.String({ format: 'uuid' }) }));
/** Tags the item of the automation's event (its code is in register()). */
export const tagItem = defineAction(${tsString(`${ctx.underscored}_tag_item`)}, Type.Object({ tag: Type.String({ minLength: 1, maxLength: 40 }) }));

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
  automation: { triggers: [itemAdded], actions: [tagItem] },
  // The label is a key of the plugin's own catalogue (namespace <plugin>-admin, locales).
  admin: { menu: [{ id: ${tsString(ctx.name)}, label: ${tsString(`${ctx.name}-admin:menu`)}, path: ${tsString(`/dashboard/${ctx.name}`)}, capability: CAPABILITY, feature: FEATURE }] },
};
`;
}

import { pascalCase, type TemplateContext } from './context.js';

export function indexTs(ctx: TemplateContext): string {
  return `import { definePlugin } from '@lectern/sdk';
import { ITEMS_TABLE, manifest, tagItem } from './manifest.js';
import { migrations } from './migrations.js';
import { routes } from './routes.js';
import { block } from './site-block.js';
import { tables } from './tables.js';

/** ${ctx.packageName}: ${ctx.description.replace(/\*\//g, '* /')} */
export default definePlugin({
  manifest,
  migrations,
  register(ctx) {
    // The action's code: tags the item the automation's event is about, in the run's transaction.
    ctx.automation.action(tagItem, async ({ tag }, scope) => {
      await tables(scope).updateTable(ITEMS_TABLE).set({ tag }).where('id', '=', String(scope.event.payload.itemId)).execute();
    });
  },
  routes,
  site: { blocks: { ${pascalCase(ctx.name)}: block } },
});
`;
}

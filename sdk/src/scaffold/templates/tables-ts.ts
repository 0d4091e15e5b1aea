import { tsString, type TemplateContext } from './context.js';

export function tablesTs(ctx: TemplateContext): string {
  return `import { defineTables, type Generated } from '@lectern/sdk';

/** The plugin's tables (ITEMS_TABLE in manifest.ts), declared once: every query is typed from here. */
export interface Tables {
  ${tsString(ctx.itemsTable)}: { account_id: string; id: Generated<string>; title: string; tag: string | null; created_at: Generated<Date> };
}

/** Opens a handle the kernel gives (request.ctx, a scope) with the plugin's tables. */
export const tables = defineTables<Tables>();
`;
}

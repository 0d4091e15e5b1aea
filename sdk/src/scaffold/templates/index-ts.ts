import type { TemplateContext } from './context.js';

export function indexTs(ctx: TemplateContext): string {
  return `import { definePlugin } from '@lectern/sdk';
import { manifest } from './manifest.js';
import { migrations } from './migrations.js';
import { routes } from './routes.js';

/**
 * ${ctx.packageName}: ${ctx.description.replace(/\*\//g, '* /')}
 *
 * The kernel finds this package through \`"lectern": { "plugin": true }\` in package.json and loads
 * this default export. Routes are mounted under /api/${ctx.name}.
 */
export default definePlugin({
  manifest,
  migrations,
  routes,
});
`;
}

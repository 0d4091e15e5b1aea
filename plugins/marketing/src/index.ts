import { definePlugin } from '@lectern/sdk';
import { contactRoutes } from './contacts/routes.js';
import { listRoutes } from './lists/routes.js';
import { manifest } from './manifest.js';
import { migrations } from './migrations.js';

/**
 * @lectern/plugin-marketing. The kernel finds this package through `"lectern": { "plugin": true }`
 * in package.json and loads this default export. Routes are mounted under /api/marketing and answer
 * only on sites with the `marketing` add-on on.
 */
export default definePlugin({
  manifest,
  migrations,
  async routes(app, ctx) {
    await listRoutes(app);
    await contactRoutes(app, ctx);
  },
  // The catalogues of its admin screens: one folder, the one package.json names.
  locales: new URL('../locales/', import.meta.url),
});

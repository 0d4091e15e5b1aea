import { definePlugin } from '@lectern/sdk';
import { registerMarketingActions } from './automation/actions.js';
import { registerMarketingConditions } from './automation/conditions.js';
import { redirectRoutes } from './automation/redirect.js';
import { recordBounces } from './contacts/bounces.js';
import { contactRoutes } from './contacts/routes.js';
import { publicFormRoutes } from './forms/public-routes.js';
import { formRoutes } from './forms/routes.js';
import { importRoutes } from './imports/routes.js';
import { registerImports } from './imports/worker.js';
import { listRoutes } from './lists/routes.js';
import { manifest } from './manifest.js';
import { migrations } from './migrations.js';
import { seedMarketing } from './seed/demo.js';
import { marketingSite } from './site/index.js';
import { popupRoutes } from './popups/routes.js';
import { reportRoutes } from './reports/routes.js';
import { campaignRoutes } from './campaigns/routes.js';
import { registerCampaignSender } from './campaigns/sender.js';
import { trackingRoutes } from './campaigns/tracking.js';

/**
 * @lectern/plugin-marketing. The kernel finds this package through `"lectern": { "plugin": true }`
 * in package.json and loads this default export. Routes are mounted under /api/marketing and answer
 * only on sites with the `marketing` add-on on.
 */
export default definePlugin({
  manifest,
  migrations,
  register(ctx) {
    // SPEC §9: the code of the conditions and actions the manifest declares.
    registerMarketingConditions(ctx);
    registerMarketingActions(ctx);
    // Mail refused for good marks its contact bounced.
    recordBounces(ctx);
  },
  async jobs(ctx) {
    // CSV imports of contacts, a chunk of rows at a time.
    await registerImports(ctx);
    // Campaigns, a batch of recipients at a time.
    await registerCampaignSender(ctx);
  },
  async routes(app, ctx) {
    await listRoutes(app);
    await contactRoutes(app, ctx);
    await importRoutes(app, ctx);
    await formRoutes(app, ctx);
    await popupRoutes(app, ctx);
    await campaignRoutes(app, ctx);
    await trackingRoutes(app, ctx);
    await reportRoutes(app);
    await publicFormRoutes(app, ctx);
    await redirectRoutes(app, ctx);
  },
  site: marketingSite,
  seed: seedMarketing,
  // The catalogues of its admin screens: one folder, the one package.json names.
  locales: new URL('../locales/', import.meta.url),
});

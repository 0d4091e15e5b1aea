/**
 * The marketing plugin's browser module (plugins README "Browser islands"): the theme loads it as a
 * chunk of its own after hydration, on pages of sites with marketing on, and draws each island
 * inside the theme's provider. Browser code only: React, @lectern/sdk/site and the plugin's plain
 * modules (the form rules, the form's markup).
 */
import type { PluginClientModule } from '@lectern/sdk/site';
import { FormIsland } from './form-island.js';
import { PendingRedirect } from './pending-redirect.js';
import { PopupRules } from './popups.js';

export const islands: NonNullable<PluginClientModule['islands']> = { form: FormIsland };

// Once per page: the redirect an automation left for a signed-in member (redirect_user), and the popups' display rules.
export const global: NonNullable<PluginClientModule['global']> = (props) => (
  <>
    <PendingRedirect {...props} />
    <PopupRules {...props} />
  </>
);
// The visual editor loads this file (admin/src/screens/content/editor/usePluginBlocks.ts) for sites
// with marketing on; the site draws the same configs through the plugin's `site.blocks`.
export { marketingBlocks as blocks, marketingBlockCategories as categories } from '../src/site/blocks.js';

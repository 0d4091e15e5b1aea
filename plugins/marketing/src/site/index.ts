import type { PluginSite } from '@lectern/sdk';
import { CONFIRM_PATH, UNSUBSCRIBE_PATH } from '../contacts/opt-in.js';
import { loadMarketingBlockData } from './block-data.js';
import { marketingBlocks } from './blocks.js';
import { LinkView, loadConfirm, loadUnsubscribe } from './confirm.js';
import { loadPopups } from './overlays.js';

export type { FormBlockData, FormIslandProps, FormWords, SiteForm } from './form-data.js';

/**
 * The marketing plugin's public part, drawn by the site's theme: the pages a contact's links open
 * (double opt-in confirmation, unsubscribe), the form block and the popups (overlays). What reacts in the browser (sending a form) is site/client.tsx.
 */
export const marketingSite: PluginSite = {
  routes: [
    { path: CONFIRM_PATH, view: 'link', cacheable: false, load: loadConfirm },
    { path: UNSUBSCRIBE_PATH, view: 'link', cacheable: false, load: loadUnsubscribe },
  ],
  views: { link: LinkView },
  blocks: marketingBlocks,
  blockData: loadMarketingBlockData,
  overlays: loadPopups,
};

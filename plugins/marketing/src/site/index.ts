import type { PluginSite } from '@lectern/sdk';
import { CONFIRM_PATH } from '../contacts/opt-in.js';
import { loadMarketingBlockData } from './block-data.js';
import { marketingBlocks } from './blocks.js';
import { ConfirmView, loadConfirm } from './confirm.js';

export type { FormBlockData, FormIslandProps, FormWords, SiteForm } from './form-data.js';

/**
 * The marketing plugin's public part, drawn by the site's theme: the double opt-in confirmation
 * page and the form block. What reacts in the browser (sending a form) is site/client.tsx.
 */
export const marketingSite: PluginSite = {
  routes: [{ path: CONFIRM_PATH, view: 'confirm', cacheable: false, load: loadConfirm }],
  views: { confirm: ConfirmView },
  blocks: marketingBlocks,
  blockData: loadMarketingBlockData,
};

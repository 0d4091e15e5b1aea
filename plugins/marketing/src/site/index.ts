import type { PluginSite } from '@lectern/sdk';
import { CONFIRM_PATH } from '../contacts/opt-in.js';
import { ConfirmView, loadConfirm } from './confirm.js';

/** The marketing plugin's public part, drawn by the site's theme: the double opt-in confirmation page. */
export const marketingSite: PluginSite = {
  routes: [{ path: CONFIRM_PATH, view: 'confirm', cacheable: false, load: loadConfirm }],
  views: { confirm: ConfirmView },
};

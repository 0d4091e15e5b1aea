import { sql, type PluginContext } from '@lectern/sdk';
import { CONTACT_STATUS, marketingDb } from '../db/tables.js';

/**
 * A message the receiving server refused for good (the kernel's `mail.bounced` hook) marks the
 * site's contact at that address bounced (SPEC §3 status 3), whatever mail it was: campaigns,
 * automations and forms leave bounced contacts out from then on. An unsubscribed contact stays so.
 */
export function recordBounces(ctx: PluginContext): void {
  ctx.hooks.addAction('mail.bounced', async ({ accountId, to }) => {
    await ctx.inAccount(accountId, async ({ db }) => {
      await marketingDb(db)
        .updateTable('marketing_contacts')
        .set({ status: CONTACT_STATUS.bounced, updated_at: new Date() })
        .where('account_id', '=', accountId)
        .where(sql<string>`lower(email)`, '=', to.toLowerCase())
        .where('status', 'in', [CONTACT_STATUS.active, CONTACT_STATUS.pending])
        .execute();
    });
  });
}

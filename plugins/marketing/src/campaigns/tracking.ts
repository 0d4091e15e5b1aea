import { sql, Type, workScopeOf, type PluginApp, type PluginContext } from '@lectern/sdk';
import { emailOpened, linkClicked } from '../automation/declarations.js';
import { marketingDb } from '../db/tables.js';
import { campaignLinks } from './blocks.js';

const tags = ['marketing'];
// A transparent 1×1 GIF.
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const Token = Type.String({ pattern: '^[0-9a-f]{64}$' });

/** A 302 the kernel sends once the request's transaction has committed (reply.redirect would send it before). */
function redirect(reply: { code(status: number): { header(name: string, value: string): unknown } }, url: string): string {
  reply.code(302).header('location', url);
  return '';
}

/**
 * What a campaign's mail reports back (issue 19 item 4): its images shown (an open) and its links
 * followed (a click), each through the recipient's own token. The first open raises `email_opened`,
 * the first click (on any of its links) `link_clicked` with the link followed. A click leads only to the campaign's own link of
 * that number, so the address cannot be turned into an open redirect.
 */
export async function trackingRoutes(app: PluginApp, plugin: PluginContext): Promise<void> {
  app.get(
    '/public/campaigns/open/:token',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'A campaign mail opened (its image): counted for the recipient; answers a 1×1 GIF, whatever the token',
        params: Type.Object({ token: Type.String({ maxLength: 100 }) }, { additionalProperties: false }),
        response: { 200: { description: 'image/gif' } },
      },
    },
    async (request, reply) => {
      const { db, account } = request.ctx;
      if (/^[0-9a-f]{64}$/.test(request.params.token)) {
        const row = await marketingDb(db)
          .updateTable('marketing_campaign_recipients')
          .set({ open_count: sql`open_count + 1`, opened_at: sql`coalesce(opened_at, now())` })
          .where('account_id', '=', account.id)
          .where('token', '=', request.params.token)
          .returning(['campaign_id', 'contact_id', 'email', 'open_count'])
          .executeTakeFirst();
        if (row !== undefined && row.open_count === 1)
          await plugin.automation.raise(workScopeOf(request.ctx), emailOpened, {
            userId: null,
            payload: { campaignId: row.campaign_id, contactId: row.contact_id, email: row.email },
          });
      }
      reply.header('content-type', 'image/gif');
      reply.header('cache-control', 'no-store, private');
      // Returned, not sent: the image leaves once the count has committed.
      return PIXEL;
    },
  );

  app.get(
    '/public/campaigns/click/:token/:index',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'A campaign mail’s link followed: counted for the recipient, then on to the link (302)',
        params: Type.Object({ token: Token, index: Type.Integer({ minimum: 0, maximum: 99 }) }, { additionalProperties: false }),
        response: { 302: { description: 'Location: the campaign’s link of that number; the site’s home when the token or link is unknown' } },
      },
    },
    async (request, reply) => {
      const { db, account } = request.ctx;
      const q = marketingDb(db);
      const found = await q
        .selectFrom('marketing_campaign_recipients as r')
        .innerJoin('marketing_campaigns as c', (join) => join.onRef('c.account_id', '=', 'r.account_id').onRef('c.id', '=', 'r.campaign_id'))
        .select(['r.campaign_id', 'r.contact_id', 'r.email', 'r.clicked_at', 'c.blocks'])
        .where('r.account_id', '=', account.id)
        .where('r.token', '=', request.params.token)
        .executeTakeFirst();
      const links = campaignLinks(found?.blocks ?? []);
      const url = links[request.params.index];
      if (found === undefined || url === undefined) return redirect(reply, '/');
      await q
        .updateTable('marketing_campaign_recipients')
        .set({ click_count: sql`click_count + 1`, clicked_at: sql`coalesce(clicked_at, now())`, opened_at: sql`coalesce(opened_at, now())` })
        .where('account_id', '=', account.id)
        .where('token', '=', request.params.token)
        .execute();
      if (found.clicked_at === null)
        await plugin.automation.raise(workScopeOf(request.ctx), linkClicked, {
          userId: null,
          payload: { campaignId: found.campaign_id, contactId: found.contact_id, email: found.email, url },
        });
      return redirect(reply, url);
    },
  );
}

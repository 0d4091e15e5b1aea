import { appError, sql, workScopeOf, type DbHandle, type PluginApp, type PluginContext } from '@lectern/sdk';
import { assertLists } from '../contacts/store.js';
import { Deleted } from '../db/remove.js';
import { marketingDb } from '../db/tables.js';
import { Errors } from '../errors.js';
import { MANAGE } from '../manifest.js';
import { personalize } from './render.js';
import { AudienceCount, Campaign, CampaignChanges, CampaignList, IdParams, NewCampaign, SendBody, TestBody, TestSent } from './schemas.js';
import { addMemberContacts, assertAudienceKnown, membersOf, membersWithoutContact } from './members.js';
import { CAMPAIGN_QUEUE, templateOf, type CampaignJob } from './sender.js';
import { audienceOf, audienceQuery, audienceSize, listCampaigns, type CampaignView } from './store.js';

const tags = ['marketing'];
const manage = { capability: MANAGE };

const complete = (campaign: Pick<CampaignView, 'subject' | 'blocks'>) => campaign.subject.trim() !== '' && campaign.blocks.length > 0;

/**
 * Campaigns (issue 19 item 4) for the dashboard: composed from e-mail blocks for an audience of
 * lists, tags, roles, course students and customers, tried on one address, then sent now or at a time: the recipients are fixed when
 * the send is asked for (active contacts only), the month's e-mail allowance must cover all of
 * them before anything starts, and a job sends them in batches.
 */
export async function campaignRoutes(app: PluginApp, plugin: PluginContext): Promise<void> {
  const one = async (db: DbHandle, accountId: string, id: string) => {
    const [row] = await listCampaigns(db, accountId, id);
    if (row === undefined) throw appError(Errors.campaignNotFound);
    return row;
  };
  const draft = async (db: DbHandle, accountId: string, id: string) => {
    const campaign = await one(db, accountId, id);
    if (campaign.status !== 'draft') throw appError(Errors.campaignNotDraft);
    return campaign;
  };

  app.get(
    '/campaigns',
    { config: manage, schema: { tags, summary: "The site's campaigns with their figures (up to 100, newest change first)", response: { 200: CampaignList } } },
    async (request) => ({
      items: await listCampaigns(request.ctx.db, request.ctx.account.id),
    }),
  );

  app.get(
    '/campaigns/:id',
    { config: manage, schema: { tags, summary: 'A campaign, with its send’s progress', params: IdParams, response: { 200: Campaign } } },
    async (request) => one(request.ctx.db, request.ctx.account.id, request.params.id),
  );

  app.get(
    '/campaigns/:id/audience',
    {
      config: manage,
      schema: { tags, summary: 'How many active contacts the campaign’s audience holds now', params: IdParams, response: { 200: AudienceCount } },
    },
    async (request) => {
      const { db, account } = request.ctx;
      const campaign = await one(db, account.id, request.params.id);
      const members = await membersOf(plugin, db, account.id, campaign.audience);
      // Members without a contact yet count too: sending gives them one.
      const fresh = members === null ? 0 : await membersWithoutContact(db, account.id, members);
      return { recipients: (await audienceSize(db, account.id, campaign.audience, members)) + fresh };
    },
  );

  app.post(
    '/campaigns',
    { config: manage, schema: { tags, summary: 'Make a campaign (a draft)', body: NewCampaign, response: { 201: Campaign } } },
    async (request, reply) => {
      const { db, account } = request.ctx;
      const { name, subject = '', preheader = '', blocks = [], audience } = request.body;
      const who = audienceOf(audience);
      await assertLists(db, account.id, who.list_ids);
      await assertAudienceKnown(plugin, db, account.id, who);
      const made = await marketingDb(db)
        .insertInto('marketing_campaigns')
        .values({ account_id: account.id, name: name.trim(), subject, preheader, blocks: JSON.stringify(blocks), audience: JSON.stringify(who) })
        .returning('id')
        .executeTakeFirstOrThrow();
      reply.code(201);
      return one(db, account.id, made.id);
    },
  );

  app.put(
    '/campaigns/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Change a draft campaign (409 campaign_not_draft once sent)',
        params: IdParams,
        body: CampaignChanges,
        response: { 200: Campaign },
      },
    },
    async (request) => {
      const { db, account } = request.ctx;
      const campaign = await draft(db, account.id, request.params.id);
      const { name, subject, preheader, blocks, audience } = request.body;
      const who = audience === undefined ? undefined : audienceOf({ ...campaign.audience, ...audience });
      if (who !== undefined) {
        await assertLists(db, account.id, who.list_ids);
        await assertAudienceKnown(plugin, db, account.id, who);
      }
      await marketingDb(db)
        .updateTable('marketing_campaigns')
        .set({
          ...(name === undefined ? {} : { name: name.trim() }),
          ...(subject === undefined ? {} : { subject }),
          ...(preheader === undefined ? {} : { preheader }),
          ...(blocks === undefined ? {} : { blocks: JSON.stringify(blocks) }),
          ...(who === undefined ? {} : { audience: JSON.stringify(who) }),
          updated_at: new Date(),
        })
        .where('account_id', '=', account.id)
        .where('id', '=', campaign.id)
        .execute();
      return one(db, account.id, campaign.id);
    },
  );

  app.delete(
    '/campaigns/:id',
    {
      config: manage,
      schema: { tags, summary: 'Delete a campaign that is not being sent (its figures go with it)', params: IdParams, response: { 200: Deleted } },
    },
    async (request) => {
      const { db, account } = request.ctx;
      const gone = await marketingDb(db)
        .deleteFrom('marketing_campaigns')
        .where('account_id', '=', account.id)
        .where('id', '=', request.params.id)
        .where('status', '!=', 'sending')
        .returning('id')
        .executeTakeFirst();
      if (gone === undefined)
        throw appError((await listCampaigns(db, account.id, request.params.id)).length === 0 ? Errors.campaignNotFound : Errors.campaignNotDraft);
      return { deleted: true as const };
    },
  );

  app.post(
    '/campaigns/:id/test',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Send the campaign to one address as a test (marked so; its links are not tracked; counts against the month’s e-mails)',
        params: IdParams,
        body: TestBody,
        response: { 200: TestSent },
      },
    },
    async (request) => {
      const { db, account } = request.ctx;
      const campaign = await one(db, account.id, request.params.id);
      if (!complete(campaign)) throw appError(Errors.campaignIncomplete);
      const template = await templateOf(plugin, account, campaign);
      const origin = plugin.siteUrl(request);
      const copy = personalize(template, {
        name: 'Test',
        email: request.body.to,
        site: account.name,
        unsubscribe_url: `${origin}/`,
        open_url: `${origin}/favicon.ico`,
        links: template.links,
      });
      await plugin.mail.send(workScopeOf(request.ctx), { to: request.body.to, ...copy, subject: `[Test] ${copy.subject}`, type: 'marketing.campaign-test' });
      return { sent: true as const };
    },
  );

  app.post(
    '/campaigns/:id/send',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Send a draft campaign now or at a time',
        description:
          'The recipients are the audience’s active contacts at this moment. 400 campaign_incomplete (no subject or block), 400 campaign_no_recipients, ' +
          'the kernel’s plan_limit_reached when the month’s e-mails left cannot cover every recipient (nothing is sent).',
        params: IdParams,
        body: SendBody,
        response: { 200: Campaign },
      },
    },
    async (request) => {
      const { db, account } = request.ctx;
      const campaign = await draft(db, account.id, request.params.id);
      if (!complete(campaign)) throw appError(Errors.campaignIncomplete);
      // Named members without a contact get one first (undone with the rest if the send is refused).
      const members = await membersOf(plugin, db, account.id, campaign.audience);
      if (members !== null) await addMemberContacts(db, account.id, members);
      const recipients = await audienceSize(db, account.id, campaign.audience, members);
      if (recipients === 0) throw appError(Errors.campaignNoRecipients);
      await plugin.limits.assertFits({ db, account }, 'emails', recipients);
      const at = request.body.at === undefined ? null : new Date(request.body.at);
      const later = at !== null && at.getTime() > Date.now();
      const q = marketingDb(db);
      // Claimed first: of two sends at once, one goes on and the other is refused.
      const claimed = await q
        .updateTable('marketing_campaigns')
        .set({ status: later ? 'scheduled' : 'sending' })
        .where('account_id', '=', account.id)
        .where('id', '=', campaign.id)
        .where('status', '=', 'draft')
        .returning('id')
        .executeTakeFirst();
      if (claimed === undefined) throw appError(Errors.campaignNotDraft);
      await q
        .insertInto('marketing_campaign_recipients')
        .columns(['account_id', 'campaign_id', 'contact_id', 'email', 'name'])
        .expression(
          audienceQuery(db, account.id, campaign.audience, members).select([
            sql<string>`${account.id}::uuid`.as('account_id'),
            sql<string>`${campaign.id}::uuid`.as('campaign_id'),
            'c.id',
            'c.email',
            'c.name',
          ]),
        )
        .execute();
      await q
        .updateTable('marketing_campaigns')
        .set({
          scheduled_at: later ? at : null,
          started_at: later ? null : new Date(),
          origin: plugin.siteUrl(request),
          recipients,
          updated_at: new Date(),
        })
        .where('account_id', '=', account.id)
        .where('id', '=', campaign.id)
        .execute();
      const job: CampaignJob = { campaignId: campaign.id };
      const accountId = account.id;
      request.ctx.afterCommit(async () => {
        await plugin.jobs.enqueue(accountId, CAMPAIGN_QUEUE, job, { key: `campaign:${campaign.id}`, ...(later && at !== null ? { startAfter: at } : {}) });
      });
      return one(db, account.id, campaign.id);
    },
  );
}

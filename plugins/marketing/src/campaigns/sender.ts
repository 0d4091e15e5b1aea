import type { Account, DbHandle, PluginContext } from '@lectern/sdk';
import { contactLink, languageOf, UNSUBSCRIBE_PATH } from '../contacts/opt-in.js';
import { CONTACT_STATUS, marketingDb, RECIPIENT_STATUS } from '../db/tables.js';
import { personalize, renderCampaign, type MessageTemplate } from './render.js';

/** The queue that sends campaigns, a batch of recipients per pair of short transactions. */
export const CAMPAIGN_QUEUE = 'marketing-campaign-send';
/** Recipients a batch: one outbox insert (and one reservation of the month's allowance) each. */
export const BATCH = 250;

export interface CampaignJob {
  campaignId: string;
}

/** Where a recipient's links lead: through their own token, so opens and clicks are theirs. */
export const trackingPaths = {
  open: (token: string) => `/api/marketing/public/campaigns/open/${token}`,
  click: (token: string, index: number) => `/api/marketing/public/campaigns/click/${token}/${index}`,
};

/** The template of a campaign as its site writes it (the footer's words in the site's language). */
export async function templateOf(
  plugin: PluginContext,
  account: Account,
  campaign: { subject: string; preheader: string; blocks: unknown },
): Promise<MessageTemplate> {
  const t = plugin.text(languageOf(account), 'mail');
  return renderCampaign(
    { subject: campaign.subject, preheader: campaign.preheader, blocks: campaign.blocks as Parameters<typeof renderCampaign>[0]['blocks'] },
    { name: account.name, language: languageOf(account) },
    { why: t('campaign.why', { site: account.name }), unsubscribe: t('campaign.unsubscribe') },
  );
}

interface Batch {
  template: MessageTemplate;
  origin: string;
  people: Array<{ contact_id: string; email: string; name: string; token: string; contact_token: string; contact_status: number }>;
}

/**
 * Sends campaigns in batches (issue 19 item 4): each batch reads the next waiting recipients in a
 * short transaction, leaves out anyone who unsubscribed or bounced since the send began, queues
 * the rest in the kernel's outbox at once (all or none: the month's allowance covers the batch or
 * the send stops, with the reason, the rest left waiting) and marks them sent. A job run again after
 * a crash goes on from the recipients still waiting (a crash between a batch's queueing and its
 * marking would queue that batch again: the outbox and the marks are two transactions).
 */
export async function registerCampaignSender(plugin: PluginContext): Promise<void> {
  await plugin.jobs.work<CampaignJob>(
    CAMPAIGN_QUEUE,
    async ({ account, data, run }) => {
      if (account === null) return;
      let template: MessageTemplate | null = null;
      for (;;) {
        const batch = await run((db) => nextBatch(plugin, db, account, data.campaignId, template));
        if (batch === null) return;
        template = batch.template;
        const mailable = batch.people.filter((person) => person.contact_status === CONTACT_STATUS.active);
        const skipped = batch.people.filter((person) => person.contact_status !== CONTACT_STATUS.active).map((person) => person.contact_id);
        const messages = mailable.map((person) => {
          const unsubscribe = contactLink(batch.origin, UNSUBSCRIBE_PATH, { id: person.contact_id, token: person.contact_token });
          const copy = personalize(batch.template, {
            name: person.name,
            email: person.email,
            site: account.name,
            unsubscribe_url: unsubscribe,
            open_url: `${batch.origin}${trackingPaths.open(person.token)}`,
            links: batch.template.links.map((_, index) => `${batch.origin}${trackingPaths.click(person.token, index)}`),
          });
          // The same link as the footer's, as the List-Unsubscribe header mail programs offer a button for.
          return { to: person.email, ...copy, type: 'marketing.campaign', unsubscribeUrl: unsubscribe };
        });
        try {
          if (messages.length > 0) await plugin.mail.sendMany(account.id, messages);
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          await run((db) => stop(db, account.id, data.campaignId, reason));
          return;
        }
        await run((db) =>
          markBatch(
            db,
            account.id,
            data.campaignId,
            mailable.map((person) => person.contact_id),
            skipped,
          ),
        );
      }
    },
    { transaction: false },
  );
}

/** The next waiting recipients with what their copy needs; null once none waits (the campaign then marked sent). */
async function nextBatch(plugin: PluginContext, db: DbHandle, account: Account, campaignId: string, template: MessageTemplate | null): Promise<Batch | null> {
  const q = marketingDb(db);
  const campaign = await q.selectFrom('marketing_campaigns').selectAll().where('account_id', '=', account.id).where('id', '=', campaignId).executeTakeFirst();
  if (campaign === undefined || campaign.status === 'sent' || campaign.status === 'stopped' || campaign.status === 'draft') return null;
  const people = await q
    .selectFrom('marketing_campaign_recipients as r')
    .innerJoin('marketing_contacts as c', (join) => join.onRef('c.account_id', '=', 'r.account_id').onRef('c.id', '=', 'r.contact_id'))
    .select(['r.contact_id', 'r.email', 'r.name', 'r.token', 'c.token as contact_token', 'c.status as contact_status'])
    .where('r.account_id', '=', account.id)
    .where('r.campaign_id', '=', campaignId)
    .where('r.status', '=', RECIPIENT_STATUS.queued)
    .orderBy('r.contact_id')
    .limit(BATCH)
    .execute();
  if (people.length === 0) {
    await q
      .updateTable('marketing_campaigns')
      .set({ status: 'sent', finished_at: new Date(), updated_at: new Date() })
      .where('account_id', '=', account.id)
      .where('id', '=', campaignId)
      .execute();
    return null;
  }
  if (campaign.status === 'scheduled')
    await q
      .updateTable('marketing_campaigns')
      .set({ status: 'sending', started_at: new Date() })
      .where('account_id', '=', account.id)
      .where('id', '=', campaignId)
      .execute();
  return { template: template ?? (await templateOf(plugin, account, campaign)), origin: campaign.origin ?? '', people };
}

async function markBatch(db: DbHandle, accountId: string, campaignId: string, sent: string[], skipped: string[]): Promise<void> {
  const q = marketingDb(db);
  const mark = (ids: string[], status: number) =>
    ids.length === 0
      ? Promise.resolve()
      : q
          .updateTable('marketing_campaign_recipients')
          .set({ status, ...(status === RECIPIENT_STATUS.sent ? { sent_at: new Date() } : {}) })
          .where('account_id', '=', accountId)
          .where('campaign_id', '=', campaignId)
          .where('contact_id', 'in', ids)
          .execute()
          .then(() => undefined);
  await mark(sent, RECIPIENT_STATUS.sent);
  await mark(skipped, RECIPIENT_STATUS.skipped);
}

async function stop(db: DbHandle, accountId: string, campaignId: string, reason: string): Promise<void> {
  await marketingDb(db)
    .updateTable('marketing_campaigns')
    .set({ status: 'stopped', stop_reason: reason.slice(0, 500), finished_at: new Date(), updated_at: new Date() })
    .where('account_id', '=', accountId)
    .where('id', '=', campaignId)
    .execute();
}

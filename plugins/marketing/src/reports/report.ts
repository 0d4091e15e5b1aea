import { sql, type DbHandle } from '@lectern/sdk';
import { CONTACT_STATUS, marketingDb } from '../db/tables.js';
import { listCampaigns } from '../campaigns/store.js';
import type { MarketingReport } from './schemas.js';

const DAY_MS = 86_400_000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);
const count = sql<number>`count(*)::int`;

/** The days of the window, oldest first, ending today (UTC). */
export function windowDays(days: number, now: number): string[] {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  return Array.from({ length: days }, (_, index) => isoDay(today - (days - 1 - index) * DAY_MS));
}

/**
 * The marketing home's figures (issue 19 item 7) in seven queries, each on an index led by the
 * account: contacts by status, what the site has made, contacts a day, and the forms' views and
 * submissions in the window.
 */
export async function marketingReport(db: DbHandle, accountId: string, days: number, now = Date.now()): Promise<MarketingReport> {
  const q = marketingDb(db);
  const dates = windowDays(days, now);
  const since = new Date(`${dates[0]}T00:00:00Z`);

  const byStatus = await q
    .selectFrom('marketing_contacts')
    .select(['status', count.as('n')])
    .where('account_id', '=', accountId)
    .groupBy('status')
    .execute();
  const status = (code: number) => byStatus.find((row) => row.status === code)?.n ?? 0;

  const made = await q
    .selectNoFrom([
      q.selectFrom('marketing_lists').select(count.as('n')).where('account_id', '=', accountId).as('lists'),
      q.selectFrom('marketing_forms').select(count.as('n')).where('account_id', '=', accountId).as('forms'),
      q.selectFrom('marketing_forms').select(count.as('n')).where('account_id', '=', accountId).where('status', '=', 'published').as('forms_published'),
      q.selectFrom('marketing_popups').select(count.as('n')).where('account_id', '=', accountId).as('popups'),
      q.selectFrom('marketing_popups').select(count.as('n')).where('account_id', '=', accountId).where('status', '=', 'published').as('popups_published'),
      q.selectFrom('marketing_contacts').select(count.as('n')).where('account_id', '=', accountId).where('created_at', '<', since).as('before'),
    ])
    .executeTakeFirstOrThrow();

  const added = await q
    .selectFrom('marketing_contacts')
    .select([sql<string>`to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`.as('day'), count.as('n')])
    .where('account_id', '=', accountId)
    .where('created_at', '>=', since)
    .groupBy('day')
    .execute();
  const addedOn = new Map(added.map((row) => [row.day, row.n]));
  let total = made.before ?? 0;
  const subscribers = dates.map((date) => {
    const n = addedOn.get(date) ?? 0;
    total += n;
    return { date, added: n, total };
  });

  const sent = await q
    .selectFrom('marketing_form_submissions')
    .select(['form_id', count.as('n')])
    .where('account_id', '=', accountId)
    .where('created_at', '>=', since)
    .groupBy('form_id')
    .execute();
  const seen = await q
    .selectFrom('marketing_form_views')
    .select(['form_id', sql<number>`sum(views)::int`.as('n')])
    .where('account_id', '=', accountId)
    .where('day', '>=', dates[0]!)
    .groupBy('form_id')
    .execute();
  const ids = [...new Set([...sent, ...seen].map((row) => row.form_id))];
  const names =
    ids.length === 0 ? [] : await q.selectFrom('marketing_forms').select(['id', 'name']).where('account_id', '=', accountId).where('id', 'in', ids).execute();
  const forms_activity = names
    .map((form) => ({
      id: form.id,
      name: form.name,
      views: seen.find((row) => row.form_id === form.id)?.n ?? 0,
      submissions: sent.find((row) => row.form_id === form.id)?.n ?? 0,
    }))
    .sort((a, b) => b.submissions - a.submissions || b.views - a.views || a.name.localeCompare(b.name))
    .slice(0, 10);

  const campaigns = (await listCampaigns(db, accountId))
    .filter((campaign) => campaign.started_at !== null && new Date(campaign.started_at) >= since)
    .sort((a, b) => b.started_at!.localeCompare(a.started_at!))
    .slice(0, 6)
    .map((campaign) => ({ id: campaign.id, name: campaign.name, sent: campaign.stats.sent, opened: campaign.stats.opened, clicked: campaign.stats.clicked }));

  return {
    days,
    contacts: {
      total: byStatus.reduce((sum, row) => sum + row.n, 0),
      active: status(CONTACT_STATUS.active),
      pending: status(CONTACT_STATUS.pending),
      unsubscribed: status(CONTACT_STATUS.unsubscribed),
      bounced: status(CONTACT_STATUS.bounced),
    },
    lists: made.lists ?? 0,
    forms: { total: made.forms ?? 0, published: made.forms_published ?? 0 },
    popups: { total: made.popups ?? 0, published: made.popups_published ?? 0 },
    subscribers,
    forms_activity,
    campaigns,
  };
}

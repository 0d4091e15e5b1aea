import { sql, type DbHandle } from '@lectern/sdk';
import { CONTACT_STATUS, marketingDb, RECIPIENT_STATUS } from '../db/tables.js';
import type { CampaignAudience, EmailBlock } from './blocks.js';
import { memberEmails, type MemberAudience } from './members.js';

const count = sql<number>`count(*)::int`;
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** An audience as stored, every part present (campaigns saved before roles, courses and customers had none). */
export const audienceOf = (stored: Partial<CampaignAudience> | null | undefined): CampaignAudience => ({
  list_ids: stored?.list_ids ?? [],
  tags: stored?.tags ?? [],
  roles: stored?.roles ?? [],
  course_ids: stored?.course_ids ?? [],
  customers: stored?.customers ?? false,
});

/**
 * The active contacts an audience names (status 1 only: pending, unsubscribed and bounced contacts
 * are never mailed): on any of its lists, with any of its tags, or whose address is one of the
 * named members' (`members`, from membersOf); naming nothing means all of them.
 */
export function audienceQuery(db: DbHandle, accountId: string, audience: CampaignAudience, members: MemberAudience | null) {
  let query = marketingDb(db).selectFrom('marketing_contacts as c').where('c.account_id', '=', accountId).where('c.status', '=', CONTACT_STATUS.active);
  const { list_ids: lists, tags } = audience;
  if (lists.length > 0 || tags.length > 0 || members !== null)
    query = query.where((eb) =>
      eb.or([
        ...(lists.length === 0
          ? []
          : [
              eb.exists(
                eb
                  .selectFrom('marketing_list_links as l')
                  .select('l.contact_id')
                  .whereRef('l.account_id', '=', 'c.account_id')
                  .whereRef('l.contact_id', '=', 'c.id')
                  .where('l.list_id', 'in', lists),
              ),
            ]),
        ...(tags.length === 0 ? [] : [sql<boolean>`c.tags && ${sql.val(tags)}::text[]`]),
        ...(members === null || (members.roles.length === 0 && members.userIds.length === 0)
          ? []
          : [eb(sql<string>`lower(c.email)`, 'in', memberEmails(db, accountId, members))]),
      ]),
    );
  return query;
}

export async function audienceSize(db: DbHandle, accountId: string, audience: CampaignAudience, members: MemberAudience | null): Promise<number> {
  return (await audienceQuery(db, accountId, audience, members).select(count.as('n')).executeTakeFirstOrThrow()).n;
}

export interface CampaignView {
  id: string;
  name: string;
  subject: string;
  preheader: string;
  blocks: EmailBlock[];
  audience: CampaignAudience;
  status: 'draft' | 'scheduled' | 'sending' | 'sent' | 'stopped';
  scheduled_at: string | null;
  started_at: string | null;
  finished_at: string | null;
  stop_reason: string | null;
  stats: { recipients: number; sent: number; skipped: number; failed: number; opened: number; clicked: number };
  created_at: string;
  updated_at: string;
}

/** The site's campaigns (newest change first, up to 100) or the one asked for, each with its send's figures in one grouped read. */
export async function listCampaigns(db: DbHandle, accountId: string, id?: string): Promise<CampaignView[]> {
  const q = marketingDb(db);
  let query = q.selectFrom('marketing_campaigns').selectAll().where('account_id', '=', accountId);
  if (id !== undefined) query = query.where('id', '=', id);
  const rows = await query.orderBy('updated_at', 'desc').orderBy('id').limit(100).execute();
  if (rows.length === 0) return [];
  const figures = await q
    .selectFrom('marketing_campaign_recipients')
    .select([
      'campaign_id',
      sql<number>`count(*) FILTER (WHERE status = ${RECIPIENT_STATUS.sent})::int`.as('sent'),
      sql<number>`count(*) FILTER (WHERE status = ${RECIPIENT_STATUS.skipped})::int`.as('skipped'),
      sql<number>`count(*) FILTER (WHERE status = ${RECIPIENT_STATUS.failed})::int`.as('failed'),
      sql<number>`count(opened_at)::int`.as('opened'),
      sql<number>`count(clicked_at)::int`.as('clicked'),
    ])
    .where('account_id', '=', accountId)
    .where(
      'campaign_id',
      'in',
      rows.map((row) => row.id),
    )
    .groupBy('campaign_id')
    .execute();
  return rows.map((row) => {
    const found = figures.find((figure) => figure.campaign_id === row.id);
    return {
      id: row.id,
      name: row.name,
      subject: row.subject,
      preheader: row.preheader,
      blocks: row.blocks,
      audience: audienceOf(row.audience),
      status: row.status,
      scheduled_at: iso(row.scheduled_at),
      started_at: iso(row.started_at),
      finished_at: iso(row.finished_at),
      stop_reason: row.stop_reason,
      stats: {
        recipients: row.recipients,
        sent: found?.sent ?? 0,
        skipped: found?.skipped ?? 0,
        failed: found?.failed ?? 0,
        opened: found?.opened ?? 0,
        clicked: found?.clicked ?? 0,
      },
      created_at: iso(row.created_at)!,
      updated_at: iso(row.updated_at)!,
    };
  });
}

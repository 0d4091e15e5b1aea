import type { AnyDb } from '../db/database.js';
import type { SiteSearchHit } from './contract.js';
import { avatarUrl } from './image-url.js';
import { containsPattern, relevance } from './match.js';

/**
 * Members of the account whose name holds the term, best match first, then the newest. Only what
 * a visitor may see of a member leaves here: id, name and avatar (never the e-mail or the role).
 * A hit opens a conversation with the member in the dashboard (sign-in first for visitors).
 */
export async function searchMembers(db: AnyDb, accountId: string, term: string, limit: number): Promise<SiteSearchHit[]> {
  const rows = await db
    .selectFrom('members as m')
    .select(['m.user_id', 'm.name', 'm.avatar'])
    .where('m.account_id', '=', accountId)
    .where('m.name', 'ilike', containsPattern(term))
    .orderBy(relevance('m.name', term))
    .orderBy('m.created_at', 'desc')
    .orderBy('m.user_id')
    .limit(limit)
    .execute();
  return rows.map((row) => {
    const userId = row.user_id as string;
    return {
      id: userId,
      title: row.name as string,
      url: `/dashboard/messages?user=${encodeURIComponent(userId)}`,
      image: avatarUrl(userId, (row.avatar as string | null) ?? null),
      excerpt: '',
    };
  });
}

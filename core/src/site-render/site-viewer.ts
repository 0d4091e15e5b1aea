import type { RequestContext } from '../tenancy/request-context.js';
import type { SiteViewer } from './contract.js';

/**
 * The signed-in member a page is drawn for (the session cookie on a page load), or null. A user
 * who is signed in but not a member of this site sees the site as a visitor does.
 */
export async function viewerOf(ctx: RequestContext, storageUrl: string): Promise<SiteViewer | null> {
  if (ctx.userId === null) return null;
  const member = await ctx.member();
  if (member === null && !ctx.isSuperAdmin) return null;
  const row = await ctx.db
    .selectFrom('users as u')
    .leftJoin('members as m', (join) => join.on('m.account_id', '=', ctx.account.id).onRef('m.user_id', '=', 'u.id'))
    .select(['u.email', 'u.display_name', 'm.name', 'm.avatar'])
    .where('u.id', '=', ctx.userId)
    .executeTakeFirst();
  const name = (row?.name ?? '') || (row?.display_name ?? '') || (row?.email ?? '');
  const caps = member === null ? ['read', 'admin', 'manage_options'] : [...member.caps].sort();
  return {
    userId: ctx.userId,
    name,
    email: row?.email ?? '',
    // SPEC §3: the site reads the avatar from the account's storage unless the member set another.
    avatarUrl: typeof row?.avatar === 'string' && row.avatar !== '' ? row.avatar : `${storageUrl}/avatars/${ctx.userId}/avatar.jpg`,
    role: member?.roleSlug ?? 'superadmin',
    caps,
  };
}

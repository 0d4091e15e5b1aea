import { appError, sql, type DbHandle, type PluginContext } from '@lectern/sdk';
import { LmsContract } from '@lectern/plugin-lms/contract';
import { ShopContract } from '@lectern/plugin-ecommerce/contract';
import { CONTACT_STATUS, marketingDb } from '../db/tables.js';
import { Errors } from '../errors.js';
import type { CampaignAudience } from './blocks.js';

/**
 * The members a campaign's audience names: by role (the kernel's members view), as students of
 * courses (the LMS's contract) or as customers (the shop's contract). Either plugin may be absent:
 * then its part names no one.
 */
export interface MemberAudience {
  roles: string[];
  userIds: string[];
}

/** The audience's members, or null when it names none by role, course or purchase. */
export async function membersOf(plugin: PluginContext, db: DbHandle, accountId: string, audience: CampaignAudience): Promise<MemberAudience | null> {
  if (audience.roles.length === 0 && audience.course_ids.length === 0 && !audience.customers) return null;
  const students =
    audience.course_ids.length === 0 ? [] : ((await plugin.resolveOptional(LmsContract.courses)?.studentIds(db, accountId, audience.course_ids)) ?? []);
  const customers = audience.customers ? ((await plugin.resolveOptional(ShopContract.customers)?.customerIds(db, accountId)) ?? []) : [];
  return { roles: audience.roles, userIds: [...new Set([...students, ...customers])] };
}

/** Refuses roles and courses that are not the site's (the LMS must know every course named). */
export async function assertAudienceKnown(
  plugin: PluginContext,
  db: DbHandle,
  accountId: string,
  audience: Pick<CampaignAudience, 'roles' | 'course_ids'>,
): Promise<void> {
  const roles =
    audience.roles.length === 0
      ? []
      : (await marketingDb(db).selectFrom('roles').select('id').where('account_id', '=', accountId).where('id', 'in', audience.roles).execute()).map(
          (row) => row.id,
        );
  const courses =
    audience.course_ids.length === 0
      ? []
      : ((await plugin.resolveOptional(LmsContract.courses)?.findMany(db, accountId, audience.course_ids)) ?? []).map((course) => course.id);
  const unknownRoles = audience.roles.filter((id) => !roles.includes(id));
  const unknownCourses = audience.course_ids.filter((id) => !courses.includes(id));
  if (unknownRoles.length > 0 || unknownCourses.length > 0)
    throw appError(Errors.campaignAudienceUnknown, undefined, { roles: unknownRoles, course_ids: unknownCourses });
}

/** The addresses (lower case) of the named members who have one, as a subquery. */
export function memberEmails(db: DbHandle, accountId: string, members: MemberAudience) {
  return marketingDb(db)
    .selectFrom('members as m')
    .select(sql<string>`lower(m.email)`.as('email'))
    .where('m.account_id', '=', accountId)
    .where('m.email', 'is not', null)
    .where((eb) =>
      eb.or([
        ...(members.roles.length === 0 ? [] : [eb('m.role_id', 'in', members.roles)]),
        ...(members.userIds.length === 0 ? [] : [sql<boolean>`m.user_id = ANY(${sql.val(members.userIds)}::uuid[])`]),
      ]),
    );
}

/** No contact of the site has the address in `column` (lower case, of the outer query). */
const noContactAt = (accountId: string, column: string) =>
  sql<boolean>`NOT EXISTS (SELECT 1 FROM marketing_contacts c WHERE c.account_id = ${accountId} AND lower(c.email) = ${sql.ref(column)})`;

/** How many of the named members have no contact yet (each would get one when the campaign is sent). */
export async function membersWithoutContact(db: DbHandle, accountId: string, members: MemberAudience): Promise<number> {
  if (members.roles.length === 0 && members.userIds.length === 0) return 0;
  const row = await marketingDb(db)
    .selectFrom(memberEmails(db, accountId, members).as('e'))
    .select(sql<number>`count(DISTINCT e.email)::int`.as('n'))
    .where(noContactAt(accountId, 'e.email'))
    .executeTakeFirstOrThrow();
  return row.n;
}

/**
 * Gives each named member who has no contact one (active, source campaign), so their copy carries
 * an unsubscribe link and their opens and clicks count. A member who unsubscribed keeps their
 * contact, and so is not mailed. In the sending transaction.
 */
export async function addMemberContacts(db: DbHandle, accountId: string, members: MemberAudience): Promise<void> {
  if (members.roles.length === 0 && members.userIds.length === 0) return;
  const named = memberEmails(db, accountId, members).select('m.name');
  await marketingDb(db)
    .insertInto('marketing_contacts')
    .columns(['account_id', 'email', 'name', 'status', 'settings'])
    .expression(
      marketingDb(db)
        .selectFrom(named.as('n'))
        .select([
          sql<string>`${accountId}::uuid`.as('account_id'),
          'n.email',
          sql<string>`max(n.name)`.as('name'),
          sql<number>`${CONTACT_STATUS.active}`.as('status'),
          sql<string>`${JSON.stringify({ source: 'campaign' })}::jsonb`.as('settings'),
        ])
        .where(noContactAt(accountId, 'n.email'))
        .groupBy('n.email'),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

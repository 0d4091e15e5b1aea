import type { AutomationEvent, DbHandle, PluginContext } from '@lectern/sdk';
import { CONTACT_COLUMNS, upsertContact, type ContactRow } from '../contacts/store.js';
import { CONTACT_STATUS, marketingDb } from '../db/tables.js';

/** Who an event is about, as marketing reaches them: an address, a name, and the member when there is one. */
export interface Person {
  email: string;
  name: string;
  userId: string | null;
}

/** The event's member (their address on the site), else the address its payload carries (a visitor's form). */
export async function personOf(plugin: PluginContext, db: DbHandle, event: AutomationEvent): Promise<Person | null> {
  if (event.userId !== null) {
    const member = await marketingDb(db)
      .selectFrom('members')
      .select(['name', 'email'])
      .where('account_id', '=', event.accountId)
      .where('user_id', '=', event.userId)
      .executeTakeFirst();
    const email = member === undefined || member.email === null ? null : plugin.net.normalEmail(member.email);
    if (email !== null) return { email, name: member?.name ?? '', userId: event.userId };
  }
  const given = typeof event.payload.email === 'string' ? plugin.net.normalEmail(event.payload.email) : null;
  return given === null ? null : { email: given, name: '', userId: null };
}

/** The site's contact for an address (any case), or null. */
export async function findContact(db: DbHandle, accountId: string, email: string): Promise<ContactRow | null> {
  const row = await marketingDb(db)
    .selectFrom('marketing_contacts')
    .select(CONTACT_COLUMNS)
    .where('account_id', '=', accountId)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
  return (row as ContactRow | undefined) ?? null;
}

/**
 * The person's contact, made when they have none (source: automation). A member's address is the
 * one they signed in with; a visitor's is checked first as any new contact's is (SPEC §7): an
 * address mail cannot reach makes no contact (null). Says whether it was made now.
 */
export async function contactOf(
  plugin: PluginContext,
  db: DbHandle,
  accountId: string,
  person: Person,
): Promise<{ contact: ContactRow; created: boolean } | null> {
  const found = await findContact(db, accountId, person.email);
  if (found !== null) return { contact: found, created: false };
  if (person.userId === null && !(await plugin.net.checkEmail(person.email)).valid) return null;
  return upsertContact(db, accountId, {
    email: person.email,
    name: person.name,
    tags: [],
    settings: { source: 'automation' },
    status: CONTACT_STATUS.active,
  });
}

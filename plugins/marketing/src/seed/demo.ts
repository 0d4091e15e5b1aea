import type { SeedContext } from '@lectern/sdk';
import { marketingDb } from '../db/tables.js';

/** The demo's people who asked for news, on its newsletter; seeded as given (the demo's domains take no real mail). */
const DEMO_CONTACTS = [
  { email: 'maya.reader@example.com', name: 'Maya Reader', tags: ['newsletter'] },
  { email: 'tom.learner@example.org', name: 'Tom Learner', tags: ['newsletter', 'webinar'] },
  { email: 'ines.curious@example.net', name: 'Inès Curious', tags: ['webinar'] },
];

/**
 * The demo site's marketing: a newsletter list with three contacts, so the marketing screen opens
 * on something to look at. Run again, it adds nothing.
 */
export async function seedMarketing(ctx: SeedContext): Promise<void> {
  await ctx.inAccount(ctx.demoAccountId, async ({ db, account }) => {
    const q = marketingDb(db);
    const had = await q.selectFrom('marketing_lists').select('id').where('account_id', '=', account.id).where('name', '=', 'Newsletter').executeTakeFirst();
    if (had !== undefined) return;
    const list = await q
      .insertInto('marketing_lists')
      .values({ account_id: account.id, name: 'Newsletter', description: 'News of courses and events, once a month' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const contacts = await q
      .insertInto('marketing_contacts')
      .values(DEMO_CONTACTS.map((contact) => ({ account_id: account.id, ...contact, settings: JSON.stringify({ source: 'manual' }) })))
      .returning('id')
      .execute();
    await q
      .insertInto('marketing_list_links')
      .values(contacts.map((contact) => ({ account_id: account.id, list_id: list.id, contact_id: contact.id })))
      .execute();
  });
}

import { sql, type PluginContext } from '@lectern/sdk';
import { marketingDb } from '../db/tables.js';
import { customFieldMatch, emailOpenCount, userHasTag } from './declarations.js';
import { findContact, personOf } from './person.js';

/** SPEC §9 marketing conditions: the event's person (member or visitor's address) and their contact. */
export function registerMarketingConditions(plugin: PluginContext): void {
  plugin.automation.condition(userHasTag, async ({ tag }, { event, db }) => {
    const who = await personOf(plugin, db, event);
    if (who === null) return false;
    const contact = await findContact(db, event.accountId, who.email);
    return contact !== null && contact.tags.includes(tag);
  });
  plugin.automation.condition(customFieldMatch, async ({ field, match, value = '' }, { event, db }) => {
    const who = await personOf(plugin, db, event);
    const contact = who === null ? null : await findContact(db, event.accountId, who.email);
    const held = contact?.fields[field];
    if (held === undefined || held === '') return false;
    if (match === 'is_set') return true;
    const [left, right] = [held.trim().toLocaleLowerCase(), value.trim().toLocaleLowerCase()];
    return match === 'equals' ? left === right : left.includes(right);
  });
  plugin.automation.condition(emailOpenCount, async ({ at_least: atLeast, campaign_id: campaignId }, { event, db }) => {
    const who = await personOf(plugin, db, event);
    const contact = who === null ? null : await findContact(db, event.accountId, who.email);
    if (contact === null) return false;
    let query = marketingDb(db)
      .selectFrom('marketing_campaign_recipients')
      .select(sql<number>`coalesce(sum(open_count), 0)::int`.as('opens'))
      .where('account_id', '=', event.accountId)
      .where('contact_id', '=', contact.id);
    if (campaignId !== undefined) query = query.where('campaign_id', '=', campaignId);
    return (await query.executeTakeFirstOrThrow()).opens >= atLeast;
  });
}

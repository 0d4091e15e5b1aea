import { createHmac } from 'node:crypto';
import { AppError, sql, type ActionScope, type PluginContext } from '@lectern/sdk';
import { link } from '../contacts/store.js';
import { contactLink, languageOf, sendOptInMail, UNSUBSCRIBE_PATH } from '../contacts/opt-in.js';
import { CONTACT_STATUS, marketingDb } from '../db/tables.js';
import { addTag, emailList, redirectUser, removeTag, sendEmail, sendEmails, tagAdded, triggerWebhook, updateUserField } from './declarations.js';
import { PENDING_REDIRECT } from './redirect.js';
import { contactOf, findContact, personOf, type Person } from './person.js';

/** {{name}}, {{email}} and {{site}} in an automation's mail, filled in for one person. */
export function fillIn(text: string, values: { name: string; email: string; site: string }): string {
  return text.replace(/\{\{\s*(name|email|site)\s*\}\}/g, (_whole, key: 'name' | 'email' | 'site') => values[key]);
}

/** How long a webhook's receiver has to answer before the step is tried again. */
const WEBHOOK_TIMEOUT_MS = 10_000;

/**
 * SPEC §9 marketing actions, run by the automation engine in a job's transaction of the account:
 * tags on the person's contact (tag_added raised for a tag that is new), mail to the person (never
 * to an unsubscribed or bounced contact, always with their unsubscribe link) or to fixed addresses,
 * a mailing list joined, a custom field set, and a signed webhook sent through the kernel's outbound guard.
 */
export function registerMarketingActions(plugin: PluginContext): void {
  const person = async (scope: ActionScope): Promise<Person | { skipped: string }> =>
    (await personOf(plugin, scope.db, scope.event)) ?? { skipped: 'the event names no member and no e-mail address' };
  const contact = async (scope: ActionScope, who: Person) => (await contactOf(plugin, scope.db, scope.accountId, who))?.contact ?? null;

  plugin.automation.action(addTag, async ({ tag }, scope) => {
    const who = await person(scope);
    if ('skipped' in who) return who;
    const row = await contact(scope, who);
    if (row === null) return { skipped: 'mail cannot reach the address: no contact was made' };
    if (row.tags.includes(tag)) return { output: { contactId: row.id, added: false } };
    await marketingDb(scope.db)
      .updateTable('marketing_contacts')
      .set({ tags: sql<string[]>`ARRAY(SELECT DISTINCT t FROM unnest(tags || ARRAY[${tag}]::text[]) AS t ORDER BY t)`, updated_at: new Date() })
      .where('account_id', '=', scope.accountId)
      .where('id', '=', row.id)
      .execute();
    await plugin.automation.raise(scope, tagAdded, { userId: who.userId, payload: { tag, contactId: row.id, email: row.email } });
    return { output: { contactId: row.id, added: true } };
  });

  plugin.automation.action(removeTag, async ({ tag }, scope) => {
    const who = await person(scope);
    if ('skipped' in who) return who;
    const row = await findContact(scope.db, scope.accountId, who.email);
    if (row === null || !row.tags.includes(tag)) return { output: { removed: false } };
    await marketingDb(scope.db)
      .updateTable('marketing_contacts')
      .set({ tags: sql<string[]>`array_remove(tags, ${tag})`, updated_at: new Date() })
      .where('account_id', '=', scope.accountId)
      .where('id', '=', row.id)
      .execute();
    return { output: { contactId: row.id, removed: true } };
  });

  plugin.automation.action(sendEmail, async ({ subject, body }, scope) => {
    const who = await person(scope);
    if ('skipped' in who) return who;
    const row = await contact(scope, who);
    if (row === null) return { skipped: 'mail cannot reach the address' };
    if (row.status === CONTACT_STATUS.unsubscribed) return { skipped: 'the contact unsubscribed' };
    if (row.status === CONTACT_STATUS.bounced) return { skipped: 'mail to the contact bounced' };
    const { token } = await marketingDb(scope.db)
      .selectFrom('marketing_contacts')
      .select('token')
      .where('account_id', '=', scope.accountId)
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    const values = { name: who.name || row.name, email: row.email, site: scope.siteName };
    const t = plugin.text(languageOf(scope.account), 'mail');
    const unsubscribe = contactLink(scope.origin, UNSUBSCRIBE_PATH, { id: row.id, token });
    await plugin.mail.send(scope, {
      to: row.email,
      subject: fillIn(subject, values),
      text: `${fillIn(body, values)}\n\n-- \n${t('footer.unsubscribe', { site: scope.siteName, url: unsubscribe })}`,
      type: 'marketing.automation',
      unsubscribeUrl: unsubscribe,
    });
    return { output: { contactId: row.id } };
  });

  plugin.automation.action(sendEmails, async ({ to, subject, body }, scope) => {
    const who = await personOf(plugin, scope.db, scope.event);
    const values = { name: who?.name ?? '', email: who?.email ?? '', site: scope.siteName };
    for (const address of new Set(to.map((item) => item.toLowerCase())))
      await plugin.mail.send(scope, { to: address, subject: fillIn(subject, values), text: fillIn(body, values), type: 'marketing.automation' });
    return { output: { sent: to.length } };
  });

  plugin.automation.action(emailList, async ({ list_id: listId }, scope) => {
    const who = await person(scope);
    if ('skipped' in who) return who;
    const list = await marketingDb(scope.db)
      .selectFrom('marketing_lists')
      .select(['id', 'double_opt_in'])
      .where('account_id', '=', scope.accountId)
      .where('id', '=', listId)
      .executeTakeFirst();
    if (list === undefined) return { skipped: 'the mailing list no longer exists' };
    const made = await contactOf(plugin, scope.db, scope.accountId, who);
    if (made === null) return { skipped: 'mail cannot reach the address: no contact was made' };
    const row = made.contact;
    await link(scope.db, scope.accountId, [row.id], [list.id]);
    // A contact made now for a list that asks for it confirms by e-mail first (a member's own address included: consent is theirs to give).
    if (list.double_opt_in && made.created) {
      await marketingDb(scope.db)
        .updateTable('marketing_contacts')
        .set({ status: CONTACT_STATUS.pending })
        .where('account_id', '=', scope.accountId)
        .where('id', '=', row.id)
        .execute();
      await sendOptInMail(plugin, scope, { account: scope.account, origin: scope.origin, contactId: row.id, email: row.email });
    }
    return { output: { contactId: row.id, listId: list.id } };
  });

  plugin.automation.action(updateUserField, async ({ field, value }, scope) => {
    const who = await person(scope);
    if ('skipped' in who) return who;
    const row = await contact(scope, who);
    if (row === null) return { skipped: 'mail cannot reach the address: no contact was made' };
    const text = fillIn(value, { name: who.name || row.name, email: row.email, site: scope.siteName }).slice(0, 500);
    await marketingDb(scope.db)
      .updateTable('marketing_contacts')
      .set({
        fields: text === '' ? sql<string>`fields - ${field}::text` : sql<string>`fields || jsonb_build_object(${field}::text, ${text}::text)`,
        updated_at: new Date(),
      })
      .where('account_id', '=', scope.accountId)
      .where('id', '=', row.id)
      .execute();
    return { output: { contactId: row.id, field } };
  });

  plugin.automation.action(redirectUser, async ({ url }, scope) => {
    if (scope.event.userId === null) return { skipped: 'the event names no member' };
    // Taken (and forgotten) by the member's next page load on the site: site/client.tsx asks for it.
    await plugin.memberMeta.set(scope, scope.event.userId, PENDING_REDIRECT, url);
    return { output: { url } };
  });

  plugin.automation.action(triggerWebhook, async ({ url, secret }, scope) => {
    const body = JSON.stringify({
      event: scope.event.trigger,
      event_id: scope.event.id,
      account_id: scope.accountId,
      user_id: scope.event.userId,
      payload: scope.event.payload,
      automation_id: scope.automationId,
      sent_at: new Date().toISOString(),
    });
    const signature = createHmac('sha256', secret).update(body).digest('hex');
    let response: Response;
    try {
      response = await plugin.net.fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-lectern-event': scope.event.trigger, 'x-lectern-signature': `sha256=${signature}` },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      });
    } catch (error) {
      // The guard's refusal (a private or local address, a name that does not resolve) will not change: no retries.
      if (error instanceof AppError && error.statusCode === 400) return { skipped: `${error.code}: ${error.message}` };
      throw error;
    }
    await response.body?.cancel();
    // A receiver that fails is tried again (the engine retries a throwing step); one that refuses the request will refuse it again.
    if (response.status >= 500 || response.status === 429) throw new Error(`the webhook answered ${response.status}`);
    if (response.status >= 300) return { skipped: `the webhook answered ${response.status}`, output: { status: response.status } };
    return { output: { status: response.status } };
  });
}

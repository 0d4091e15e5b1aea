import type { Account, PluginContext, WorkScope } from '@lectern/sdk';
import { marketingDb } from '../db/tables.js';

/** The page a confirmation link opens (site/index.ts draws it). */
export const CONFIRM_PATH = '/subscribe/confirm';
/** The page every marketing mail's unsubscribe link opens. */
export const UNSUBSCRIBE_PATH = '/subscribe/unsubscribe';

/** A link of the contact's own (its id and secret token) to one of the subscription pages. */
export const contactLink = (origin: string, path: string, contact: { id: string; token: string }) =>
  `${origin}${path}?${new URLSearchParams({ contact: contact.id, token: contact.token })}`;

/** The site's language for what the plugin writes to its visitors (SPEC §9 settings.defaultLanguage, else English). */
export const languageOf = (account: Pick<Account, 'settings'>): string =>
  typeof account.settings.defaultLanguage === 'string' ? account.settings.defaultLanguage : 'en';

/**
 * Double opt-in (issue 19 item 3): a contact joining a list that asks for it is mailed a link to
 * confirm; until then it is pending (status 0) and no campaign reaches it. The link carries the
 * contact's own token (a random secret of the contact, not its id alone). Sent after the commit.
 */
export async function sendOptInMail(
  plugin: PluginContext,
  scope: WorkScope,
  input: { account: Account; origin: string; contactId: string; email: string },
): Promise<void> {
  const row = await marketingDb(scope.db)
    .selectFrom('marketing_contacts')
    .select('token')
    .where('account_id', '=', input.account.id)
    .where('id', '=', input.contactId)
    .executeTakeFirstOrThrow();
  const url = contactLink(input.origin, CONFIRM_PATH, { id: input.contactId, token: row.token });
  const t = plugin.text(languageOf(input.account), 'mail');
  await plugin.mail.send(scope, {
    to: input.email,
    subject: t('optIn.subject', { site: input.account.name }),
    text: t('optIn.text', { site: input.account.name, url }),
    type: 'marketing.opt-in',
  });
}

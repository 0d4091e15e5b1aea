import type { PluginTranslate, SiteRouteInput, SiteRouteResult } from '@lectern/sdk';
import { CONTACT_STATUS, marketingDb, type ContactStatus } from '../db/tables.js';

type Page = 'confirm' | 'unsubscribe';
export type LinkOutcome = 'done' | 'already' | 'invalid';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What each link does: from which status to which (an unsubscribed contact is not confirmed by an old link). */
const MOVES: Record<Page, { from: readonly ContactStatus[]; to: ContactStatus }> = {
  confirm: { from: [CONTACT_STATUS.pending], to: CONTACT_STATUS.active },
  unsubscribe: { from: [CONTACT_STATUS.pending, CONTACT_STATUS.active, CONTACT_STATUS.bounced], to: CONTACT_STATUS.unsubscribed },
};

/**
 * The pages a contact's own links open (`?contact=…&token=…`): /subscribe/confirm (double opt-in)
 * makes a pending contact active; /subscribe/unsubscribe stops every marketing mail to it. Opening
 * the link does it, as the people who click expect; a token that is not the contact's does nothing.
 * Never cached (the answer is per link) and never indexed.
 */
function linkPage(page: Page) {
  return async (input: SiteRouteInput): Promise<SiteRouteResult> => {
    const contact = input.query.get('contact') ?? '';
    const token = input.query.get('token') ?? '';
    let outcome: LinkOutcome = 'invalid';
    if (UUID.test(contact) && token.length >= 32 && token.length <= 128) {
      const row = await marketingDb(input.db)
        .selectFrom('marketing_contacts')
        .select(['status'])
        .where('account_id', '=', input.accountId)
        .where('id', '=', contact)
        .where('token', '=', token)
        .executeTakeFirst();
      const move = MOVES[page];
      if (row !== undefined && move.from.includes(row.status)) {
        await marketingDb(input.db)
          .updateTable('marketing_contacts')
          .set({ status: move.to, updated_at: new Date() })
          .where('account_id', '=', input.accountId)
          .where('id', '=', contact)
          .execute();
        outcome = 'done';
      } else if (row?.status === move.to) outcome = 'already';
    }
    return { data: { page, outcome }, title: input.t(`${page}.${outcome}.title`), noindex: true };
  };
}

export const loadConfirm = linkPage('confirm');
export const loadUnsubscribe = linkPage('unsubscribe');

/** What the link says it did. */
export function LinkView({ data, t }: { data: unknown; t: PluginTranslate }) {
  const { page, outcome } = data as { page: Page; outcome: LinkOutcome };
  return (
    <section className="container marketing-link" data-testid={`subscribe-${page}`} data-outcome={outcome}>
      <h1>{t(`${page}.${outcome}.title`)}</h1>
      <p>{t(`${page}.${outcome}.text`)}</p>
      <p>
        <a href="/">{t('confirm.home')}</a>
      </p>
    </section>
  );
}

import type { PluginTranslate, SiteRouteInput, SiteRouteResult } from '@lectern/sdk';
import { CONTACT_STATUS, marketingDb } from '../db/tables.js';

export type ConfirmOutcome = 'confirmed' | 'already' | 'invalid';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /subscribe/confirm?contact=…&token=…: the link of the double opt-in mail. Opening it confirms the
 * subscription (a pending contact becomes active), as the people who click it expect; a link whose
 * token does not match the contact's confirms nothing. Never cached (the answer is per link).
 */
export async function loadConfirm(input: SiteRouteInput): Promise<SiteRouteResult> {
  const contact = input.query.get('contact') ?? '';
  const token = input.query.get('token') ?? '';
  let outcome: ConfirmOutcome = 'invalid';
  if (UUID.test(contact) && token.length >= 32 && token.length <= 128) {
    const row = await marketingDb(input.db)
      .selectFrom('marketing_contacts')
      .select(['status'])
      .where('account_id', '=', input.accountId)
      .where('id', '=', contact)
      .where('token', '=', token)
      .executeTakeFirst();
    if (row?.status === CONTACT_STATUS.pending) {
      await marketingDb(input.db)
        .updateTable('marketing_contacts')
        .set({ status: CONTACT_STATUS.active, updated_at: new Date() })
        .where('account_id', '=', input.accountId)
        .where('id', '=', contact)
        .execute();
      outcome = 'confirmed';
    } else if (row?.status === CONTACT_STATUS.active) outcome = 'already';
  }
  return { data: { outcome }, title: input.t(`confirm.${outcome}.title`), noindex: true };
}

/** What the confirmation link says it did. */
export function ConfirmView({ data, t }: { data: unknown; t: PluginTranslate }) {
  const { outcome } = data as { outcome: ConfirmOutcome };
  return (
    <section className="marketing-confirm" data-testid="subscribe-confirm" data-outcome={outcome}>
      <h1>{t(`confirm.${outcome}.title`)}</h1>
      <p>{t(`confirm.${outcome}.text`)}</p>
      <p>
        <a href="/">{t('confirm.home')}</a>
      </p>
    </section>
  );
}

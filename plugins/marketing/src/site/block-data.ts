import type { BlockDataInput } from '@lectern/sdk';
import { marketingDb } from '../db/tables.js';
import { RULE_MESSAGES, type RuleCode } from '../forms/rules.js';
import { settingsOf } from '../forms/store.js';
import { formRefOf, type FormBlockData } from './form-data.js';

/** The block types whose `form` prop names a form. */
export const FORM_BLOCKS = new Set(['MarketingForm']);

/**
 * Loads the published forms the page's form blocks show, in one query, with the words the form
 * says in the site's language. A form taken down or deleted is left out (its block draws nothing).
 */
export async function loadMarketingBlockData({ db, accountId, blocks, t }: BlockDataInput): Promise<FormBlockData> {
  const ids = [...new Set(blocks.filter((block) => FORM_BLOCKS.has(block.type)).map((block) => formRefOf(block.props.form)))].filter(
    (id): id is string => id !== null,
  );
  const rows =
    ids.length === 0
      ? []
      : await marketingDb(db)
          .selectFrom('marketing_forms')
          .select(['id', 'name', 'fields', 'settings'])
          .where('account_id', '=', accountId)
          .where('id', 'in', ids)
          .where('status', '=', 'published')
          .execute();
  const rules = Object.fromEntries(Object.keys(RULE_MESSAGES).map((code) => [code, t(`rule.${code}`)])) as Record<RuleCode, string>;
  return {
    forms: Object.fromEntries(
      rows.map((row) => [row.id, { id: row.id, name: row.name, fields: row.fields, submit_label: settingsOf(row.settings).submit_label }]),
    ),
    words: {
      send: t('form.send'),
      sending: t('form.sending'),
      thanks: t('form.thanks'),
      failed: t('form.failed'),
      tooMany: t('form.tooMany'),
      required: t('form.required'),
      rules,
    },
  };
}

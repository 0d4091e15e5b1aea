import { blocksOfTypes, type OverlayInput, type SiteOverlay } from '@lectern/sdk';
import { marketingDb } from '../db/tables.js';
import { onPage, type PopupSettings } from '../popups/rules.js';
import { rulesOf } from '../popups/store.js';
import { FORM_BLOCKS } from './block-data.js';
import { formRefOf } from './form-data.js';

// More published popups than a page could sensibly show are not read.
const MAX_PUBLISHED = 50;

/** The forms a popup's document holds (a form sent there means the popup did its job). */
const formIdsIn = (document: unknown): string[] => [...new Set(blocksOfTypes([document], FORM_BLOCKS).flatMap((block) => formRefOf(block.props.form) ?? []))];

/**
 * The published popups a page carries (PluginSite.overlays): one query, the page rule applied
 * here (the page is cached per path), the rest of the rules left to the browser (site/popups.tsx).
 */
export async function loadPopups({ db, accountId, pathname }: OverlayInput): Promise<Array<Omit<SiteOverlay, 'plugin'>>> {
  const rows = await marketingDb(db)
    .selectFrom('marketing_popups')
    .select(['id', 'name', 'document', 'rules'])
    .where('account_id', '=', accountId)
    .where('status', '=', 'published')
    .orderBy('updated_at', 'desc')
    .limit(MAX_PUBLISHED)
    .execute();
  return rows.flatMap((row) => {
    const rules = rulesOf(row.rules);
    if (!onPage(rules.pages, pathname)) return [];
    const { pages: _pages, ...shown } = rules;
    const settings: PopupSettings = { ...shown, form_ids: formIdsIn(row.document) };
    return [{ id: row.id, title: row.name, document: row.document, settings }];
  });
}

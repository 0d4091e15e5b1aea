import type { OverlayInput, SiteOverlay } from '@lectern/sdk';
import { marketingDb } from '../db/tables.js';
import { onPage, type PopupSettings } from '../popups/rules.js';
import { rulesOf } from '../popups/store.js';
import { FORM_BLOCKS } from './block-data.js';
import { formRefOf } from './form-data.js';

// As deep as a popup's layout could nest a form (columns in a section).
const MAX_DEPTH = 8;

/** The forms a popup's document holds (a form sent there means the popup did its job). */
function formIdsIn(document: unknown): string[] {
  const found = new Set<string>();
  const walk = (list: unknown, depth: number): void => {
    if (!Array.isArray(list) || depth > MAX_DEPTH) return;
    for (const block of list as Array<{ type?: unknown; props?: Record<string, unknown> }>) {
      if (typeof block !== 'object' || block === null || typeof block.props !== 'object' || block.props === null) continue;
      const id = typeof block.type === 'string' && FORM_BLOCKS.has(block.type) ? formRefOf(block.props.form) : null;
      if (id !== null) found.add(id);
      for (const value of Object.values(block.props)) walk(value, depth + 1);
    }
  };
  const doc = document as { content?: unknown; zones?: Record<string, unknown> } | null;
  walk(doc?.content, 0);
  for (const zone of Object.values(doc?.zones ?? {})) walk(zone, 1);
  return [...found];
}

// More published popups than a page could sensibly show are not read.
const MAX_PUBLISHED = 50;

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

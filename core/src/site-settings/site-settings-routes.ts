import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { AppError, Errors } from '../errors/errors.js';
import { sanitizeDocument, type PuckDocument } from '../content/content-store.js';
import { sanitizeRichText } from '../notifications/sanitize.js';
import { domainClaims } from './domain-claims.js';
import { typed } from '../http/typed-app.js';
import { MENU_MAX_DEPTH, SiteResponse, SiteUpdateBody } from './schemas.js';
import { RETURNED, SECTIONS, siteRowOf, siteView, type SectionName, type SiteRow } from './site-view.js';
import type { SiteSettingsDeps } from './index.js';

type Section = Record<string, unknown>;

interface MenuItemInput {
  id: string | number;
  parent?: string | number | null;
  data: { menuItem: { label: string; item_url: string; item_type: string; children?: MenuItemInput[]; mega_menu?: { columns: Array<{ content: string }> } } };
}

/**
 * GET/PUT /api/account/site: the owner's site settings (SPEC §3 Account settings, menus, header,
 * footer, theme, notices, misc). The custom domain has routes of its own (domain-routes.ts).
 */
export async function siteSettingsRouteSet(server: FastifyInstance, deps: SiteSettingsDeps): Promise<void> {
  const app = typed(server);
  app.get(
    '/api/account/site',
    {
      config: { capability: 'manage_options' },
      schema: { tags: ['account'], summary: "The site's settings, with the languages and currencies it may choose from", response: { 200: SiteResponse } },
    },
    async (request) => {
      const { account, db } = request.ctx;
      return siteView(siteRowOf(account), await domainClaims.find(db, account.id));
    },
  );

  app.put(
    '/api/account/site',
    {
      config: { capability: 'manage_options' },
      schema: {
        tags: ['account'],
        summary: "Change the site's settings",
        description:
          'Send any of name, settings, menus, header, footer, theme, notices, misc. A section that is sent replaces the stored section whole ' +
          '(send every field of it you want to keep); sections not sent stay as they are. Rich text (mega-menu columns, footer text, ' +
          'notices) is sanitized: scripts, event handlers and javascript: URLs are removed. misc.scripts is stored as given.',
        body: SiteUpdateBody,
        response: { 200: SiteResponse },
      },
    },
    async (request) => {
      const ctx = request.ctx;
      const body = request.body;
      const changes: Record<string, unknown> = {};
      if (body.name !== undefined) changes.name = body.name.trim();
      for (const section of SECTIONS) {
        const value = body[section];
        if (value === undefined) continue;
        const cleaned = cleanSection(section, value);
        // The visual editor's header/footer document is saved on its own; a settings form that
        // leaves it out keeps it.
        if ((section === 'header' || section === 'footer') && cleaned.document === undefined) {
          const stored = (ctx.account[section] as Section).document;
          if (stored !== undefined) cleaned.document = stored;
        }
        changes[section] = JSON.stringify(cleaned);
      }
      const row = (await ctx.db
        .updateTable('accounts')
        .set({ ...changes, updated_at: sql`now()` })
        .where('id', '=', ctx.account.id)
        .returning([...RETURNED])
        .executeTakeFirstOrThrow()) as SiteRow;
      ctx.afterCommit(() => deps.invalidateAccount(ctx.account.id));
      return siteView(row, await domainClaims.find(ctx.db, ctx.account.id));
    },
  );
}

/** The checks JSON schema cannot express, and sanitizing of the rich-text fields. */
function cleanSection(section: SectionName, value: Section): Section {
  switch (section) {
    case 'menus':
      for (const list of ['header', 'mobile'] as const) {
        const items = value[list] as MenuItemInput[] | undefined;
        if (items !== undefined) checkMenu(list, items);
      }
      return value;
    case 'header':
      return withCleanDocument(value);
    case 'footer':
      return withCleanDocument(cleanFooter(value));
    case 'notices':
      return cleanNotices(value);
    default:
      return value;
  }
}

/** The header/footer document's HTML props are sanitised like a page's. */
function withCleanDocument(section: Section): Section {
  if (section.document === undefined) return section;
  return { ...section, document: sanitizeDocument(section.document as PuckDocument) };
}

function invalid(message: string): AppError {
  return new AppError(Errors.validation, message);
}

function cleanNotices(notices: Section): Section {
  const start = notices.header_notice_start as number | undefined;
  const expire = notices.header_notice_expire as number | undefined;
  if (start !== undefined && expire !== undefined && start >= expire) throw invalid('notices.header_notice_start must be before header_notice_expire');
  const cleaned = { ...notices };
  for (const key of ['header_notice', 'footer_notice'] as const) {
    if (typeof cleaned[key] === 'string') cleaned[key] = sanitizeRichText(cleaned[key]);
  }
  return cleaned;
}

function cleanFooter(footer: Section): Section {
  const cleaned = { ...footer };
  if (typeof cleaned.footer_bottom === 'string') cleaned.footer_bottom = sanitizeRichText(cleaned.footer_bottom);
  const columns = cleaned.footer_columns as Array<{ type: string; data: unknown }> | undefined;
  if (columns !== undefined) {
    cleaned.footer_columns = columns.map((column) =>
      column.type === 'text' && typeof column.data === 'string' ? { ...column, data: sanitizeRichText(column.data) } : column,
    );
  }
  return cleaned;
}

/**
 * A menu may nest through `children` or through `parent` ids in a flat list (or both). Either
 * way no item may sit deeper than MENU_MAX_DEPTH, ids are unique, and parents exist and form no
 * cycle. Mega-menu columns are sanitized in place (the body is this request's own copy).
 */
function checkMenu(list: string, items: MenuItemInput[]): void {
  const ids = new Set<string>();
  const visit = (item: MenuItemInput): number => {
    const key = String(item.id);
    if (ids.has(key)) throw invalid(`menus.${list}: the id ${key} is used twice`);
    ids.add(key);
    const menuItem = item.data.menuItem;
    for (const column of menuItem.mega_menu?.columns ?? []) column.content = sanitizeRichText(column.content);
    const children = menuItem.children ?? [];
    return 1 + Math.max(0, ...children.map(visit));
  };
  const heights = new Map(items.map((item) => [String(item.id), visit(item)]));
  const parents = new Map(items.map((item) => [String(item.id), item.parent === undefined || item.parent === null ? null : String(item.parent)]));
  for (const item of items) {
    let depth = 1;
    const seen = new Set([String(item.id)]);
    for (let parent = parents.get(String(item.id)) ?? null; parent !== null; parent = parents.get(parent) ?? null) {
      if (!parents.has(parent)) throw invalid(`menus.${list}: item ${String(item.id)} names a parent (${parent}) that is not in the menu`);
      if (seen.has(parent)) throw invalid(`menus.${list}: the parents of item ${String(item.id)} form a cycle`);
      seen.add(parent);
      depth += 1;
    }
    if (depth - 1 + (heights.get(String(item.id)) ?? 1) > MENU_MAX_DEPTH) {
      throw invalid(`menus.${list}: menus nest at most ${MENU_MAX_DEPTH} levels deep (item ${String(item.id)} is deeper)`);
    }
  }
}

import type { JsonObject } from '../db/schema.js';
import type { AnyDb } from '../db/database.js';
import { domainClaims, domainStatusView, type DomainClaim } from './domain-claims.js';
import { CURRENCIES, LANGUAGES } from './schemas.js';

export const SECTIONS = ['settings', 'menus', 'header', 'footer', 'theme', 'misc', 'notices'] as const;
export type SectionName = (typeof SECTIONS)[number];

/** The accounts columns the settings routes return. */
export const RETURNED = ['name', 'slug', 'custom_domain', ...SECTIONS] as const;
export type SiteRow = { name: string; slug: string; custom_domain: string | null } & Record<SectionName, JsonObject>;

/**
 * GET /api/account/site's answer: the settings sections, the custom domain the owner set (served
 * or still waiting for its proof) with its state, and the lists the forms choose from.
 */
export function siteView(row: SiteRow, claim: DomainClaim | null) {
  const domainStatus = domainStatusView(claim, row.custom_domain);
  const view: Record<string, unknown> = { name: row.name, slug: row.slug, custom_domain: domainStatus?.domain ?? null, domain_status: domainStatus };
  for (const section of SECTIONS) view[section] = row[section] ?? {};
  return { ...view, languages: LANGUAGES, currencies: CURRENCIES };
}

/** siteView of the account as `db` (the request's transaction) sees it now. */
export async function loadSiteView(db: AnyDb, accountId: string) {
  const row = (await db.selectFrom('accounts').select([...RETURNED]).where('id', '=', accountId).executeTakeFirstOrThrow()) as SiteRow;
  return siteView(row, await domainClaims.find(db, accountId));
}

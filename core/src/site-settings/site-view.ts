import type { JsonObject } from '../db/schema.js';
import type { Account } from '../tenancy/account.js';
import { domainStatusView, type DomainClaim } from './domain-claims.js';
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
  // A section never saved answers {} (the form then starts empty).
  const section = (name: SectionName): JsonObject => row[name] ?? {};
  return {
    name: row.name,
    slug: row.slug,
    custom_domain: domainStatus?.domain ?? null,
    domain_status: domainStatus,
    settings: section('settings'),
    menus: section('menus'),
    header: section('header'),
    footer: section('footer'),
    theme: section('theme'),
    misc: section('misc'),
    notices: section('notices'),
    languages: [...LANGUAGES],
    currencies: [...CURRENCIES],
  };
}

/** The settings columns of the request's account, as siteView takes them. */
export function siteRowOf(account: Account): SiteRow {
  return {
    name: account.name,
    slug: account.slug,
    custom_domain: account.customDomain,
    settings: account.settings,
    menus: account.menus,
    header: account.header,
    footer: account.footer,
    theme: account.theme,
    misc: account.misc,
    notices: account.notices,
  };
}

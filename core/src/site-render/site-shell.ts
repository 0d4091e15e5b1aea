import type { Account } from '../tenancy/account.js';
import { LANGUAGES, RIGHT_TO_LEFT } from '../dashboard/languages.js';
import type { SiteShell } from './contract.js';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * The account-wide part of every page, from the account row the directory already holds and the
 * names of the plugins that are on for the account.
 */
export function shellOf(account: Account, siteUrl: string, plugins: readonly string[]): SiteShell {
  const settings = account.settings as Record<string, unknown>;
  const wanted = text(settings.defaultLanguage);
  const language = (LANGUAGES as readonly string[]).includes(wanted) ? wanted : 'en';
  const currency = text(settings.currency);
  return {
    account: {
      id: account.id,
      slug: account.slug,
      name: account.name,
      isPlatform: account.isPlatform,
      plan: account.plan,
      features: [...account.features].sort(),
    },
    siteUrl,
    storageUrl: `${siteUrl}/storage/v1/object/public`,
    language,
    direction: RIGHT_TO_LEFT.has(language) ? 'rtl' : 'ltr',
    currency: /^[A-Z]{3}$/.test(currency) ? currency : 'USD',
    settings: account.settings,
    menus: account.menus,
    header: account.header,
    footer: account.footer,
    theme: account.theme,
    notices: account.notices,
    scripts: text((account.misc as Record<string, unknown>).scripts),
    plugins: [...plugins].sort(),
  };
}

/** The site's own hosted backend (settings.backend url + key), when it has one. */
export function customBackendUrl(account: Account): string | null {
  const backend = (account.settings as { backend?: { url?: unknown; key?: unknown; public_key?: unknown } }).backend;
  const url = backend?.url;
  const key = backend?.key ?? backend?.public_key;
  return typeof url === 'string' && url.startsWith('https://') && typeof key === 'string' && key !== '' ? url : null;
}

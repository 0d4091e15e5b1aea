import { createRequire } from 'node:module';

/**
 * Throwaway mail services (the disposable-email-domains list: ~120,000 domains, and a few whose
 * every subdomain is one). A site's owner gets its welcome, its confirmation and the platform's
 * bills by e-mail, so a sign-up from one is refused. The list is read on the first sign-up, not at
 * boot: most instances never need its few megabytes.
 */
let lists: { exact: Set<string>; wildcard: string[] } | undefined;

function load(): { exact: Set<string>; wildcard: string[] } {
  if (lists === undefined) {
    const require = createRequire(import.meta.url);
    lists = {
      exact: new Set(require('disposable-email-domains') as string[]),
      wildcard: require('disposable-email-domains/wildcard.json') as string[],
    };
  }
  return lists;
}

/** Whether the address's domain (or a parent the list covers with every subdomain) is a disposable mail service. */
export function isDisposableEmail(email: string): boolean {
  const domain = email
    .slice(email.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase()
    .replace(/\.$/, '');
  if (domain === '') return false;
  const { exact, wildcard } = load();
  if (exact.has(domain)) return true;
  return wildcard.some((parent) => domain === parent || domain.endsWith(`.${parent}`));
}

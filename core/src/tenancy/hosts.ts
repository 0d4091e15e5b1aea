/** SPEC §5: a custom domain must look like a domain name (labels of letters, digits, hyphens; a TLD of 2+ letters). */
const DOMAIN_NAME = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export function isDomainName(value: string): boolean {
  return DOMAIN_NAME.test(value.toLowerCase());
}

export function isValidSlug(value: string): boolean {
  return SLUG.test(value);
}

export type HostTarget = { kind: 'platform' } | { kind: 'slug'; slug: string } | { kind: 'custom'; domain: string } | { kind: 'invalid' };

/** Works out which account a host name addresses (port already removed). */
export function classifyHost(hostname: string, platformDomain: string): HostTarget {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === platformDomain) return { kind: 'platform' };
  const suffix = `.${platformDomain}`;
  if (host.endsWith(suffix)) {
    const slug = host.slice(0, -suffix.length);
    return isValidSlug(slug) ? { kind: 'slug', slug } : { kind: 'invalid' };
  }
  return isDomainName(host) ? { kind: 'custom', domain: host } : { kind: 'invalid' };
}

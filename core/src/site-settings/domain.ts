import { AppError, Errors } from '../errors/errors.js';
import { isDomainName } from '../tenancy/hosts.js';

// Only for saying what is wrong; whether a name is accepted is isDomainName's call, the rule host
// resolution applies, so a domain saved here is always one the site can be reached on.
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const TLD = /^[a-z]{2,63}$/;
const MAX_LENGTH = 253;

export type DomainCheck = { ok: true; domain: string } | { ok: false; reason: string };

/**
 * Checks a custom domain an owner typed (SPEC §5) and gives its canonical form: lower case, no
 * trailing dot. The platform's own domain and its subdomains are refused because those names
 * already belong to the platform and to sites' slug addresses; a site claiming one would hijack
 * another's traffic.
 */
export function checkCustomDomain(input: string, platformDomain: string): DomainCheck {
  const domain = input.trim().toLowerCase().replace(/\.$/, '');
  if (domain.length === 0) return { ok: false, reason: 'The domain is empty' };
  if (domain.length > MAX_LENGTH) return { ok: false, reason: `A domain name has at most ${MAX_LENGTH} characters` };
  const labels = domain.split('.');
  if (labels.length < 2) return { ok: false, reason: 'A domain name has at least two labels, such as example.com' };
  const bad = labels.find((label) => !LABEL.test(label));
  if (bad !== undefined) {
    return { ok: false, reason: `"${bad}" is not a valid label: 1 to 63 letters, digits or hyphens, not starting or ending with a hyphen` };
  }
  if (!TLD.test(labels[labels.length - 1] as string)) return { ok: false, reason: 'The last label must be at least two letters' };
  if (!isDomainName(domain)) return { ok: false, reason: 'This is not a domain name' };
  const platform = platformDomain.toLowerCase().replace(/\.$/, '');
  if (domain === platform || domain.endsWith(`.${platform}`)) {
    return { ok: false, reason: `Addresses under ${platform} belong to the platform; use a domain of your own` };
  }
  return { ok: true, domain };
}

/** checkCustomDomain for routes: the canonical domain, or a 400 invalid_domain saying why. */
export function normalizeCustomDomain(input: string, platformDomain: string): string {
  const result = checkCustomDomain(input, platformDomain);
  if (!result.ok) throw new AppError(Errors.invalidDomain, result.reason);
  return result.domain;
}

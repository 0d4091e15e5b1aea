import { isEmail } from '../auth/routes/identifiers.js';
import { isDefinitiveDnsAnswer, type DnsResolver } from './resolver.js';

/** Why an address cannot take mail: its format (SPEC §5), its domain, or a lookup that did not finish. */
export type EmailCheckFailure = 'format' | 'domain_not_found' | 'no_mail_server' | 'lookup_failed';

export type EmailCheck = { valid: true; address: string } | { valid: false; reason: EmailCheckFailure };

/** Longest address SMTP carries (RFC 5321: 64 for the local part, 254 in all). */
const MAX_LENGTH = 254;

/**
 * The address in SPEC §5's format as mail goes to it (trimmed, the domain lower-cased; the local
 * part keeps its case, as mail servers may read it), or null when it is not one. No DNS query.
 */
export function normalEmailAddress(raw: string): string | null {
  const text = raw.trim();
  const at = text.lastIndexOf('@');
  if (text.length > MAX_LENGTH || at < 1 || at > 64 || !isEmail(text)) return null;
  return `${text.slice(0, at)}@${text.slice(at + 1).toLowerCase()}`;
}

/**
 * Whether mail can be delivered to an address (DECISIONS.md, SPEC §7 verifyEmail): SPEC §5's format
 * (a top-level domain of at least 2 letters), then the domain's mail servers through the kernel's
 * resolver. A domain without MX records takes mail at its own address (RFC 5321's implicit MX); a
 * "null MX" (one record, exchange ".") says it takes none. The address answered is normalEmailAddress's.
 */
export async function checkEmailAddress(resolver: DnsResolver, raw: string): Promise<EmailCheck> {
  const address = normalEmailAddress(raw);
  if (address === null) return { valid: false, reason: 'format' };
  const domain = address.slice(address.lastIndexOf('@') + 1);
  try {
    const records = await resolver.resolveMx(domain);
    const servers = records.filter((record) => record.exchange !== '' && record.exchange !== '.');
    if (servers.length > 0) return { valid: true, address };
    if (records.length > 0) return { valid: false, reason: 'no_mail_server' };
  } catch (error) {
    if (!isDefinitiveDnsAnswer(error)) return { valid: false, reason: 'lookup_failed' };
    if ((error as { code?: string }).code === 'ENOTFOUND') return { valid: false, reason: 'domain_not_found' };
  }
  // No MX records: the domain's own address is its mail server, when it has one.
  try {
    return (await resolver.lookup(domain)).length > 0 ? { valid: true, address } : { valid: false, reason: 'no_mail_server' };
  } catch (error) {
    return { valid: false, reason: isDefinitiveDnsAnswer(error) ? 'no_mail_server' : 'lookup_failed' };
  }
}

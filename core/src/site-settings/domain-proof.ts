import { isDefinitiveDnsAnswer, type DnsResolver } from '../net/resolver.js';
import { challengeName } from './domain-claims.js';

/**
 * The outcome of looking for a domain's proof. `definitive` tells a real "the record is not there"
 * (the owner's to fix) from a failed lookup (a timeout, a server failure: ask again later, and never
 * count it against the domain).
 */
export type ProofResult = { ok: true } | { ok: false; definitive: boolean; message: string };

/** Looks for a TXT record at _lectern-challenge.<domain> whose value is the claim's token. */
export async function checkDomainProof(resolver: DnsResolver, domain: string, token: string): Promise<ProofResult> {
  const name = challengeName(domain);
  let records: string[][];
  try {
    records = await resolver.resolveTxt(name);
  } catch (error) {
    if (isDefinitiveDnsAnswer(error)) return { ok: false, definitive: true, message: `No TXT record was found at ${name}` };
    const code = String((error as { code?: unknown } | null)?.code ?? 'error');
    return { ok: false, definitive: false, message: `The DNS lookup of ${name} failed (${code}); try again in a few minutes` };
  }
  // A long TXT value arrives as several character strings; the record's value is all of them.
  const values = records.map((chunks) => chunks.join('').trim());
  if (values.includes(token)) return { ok: true };
  const found = values
    .slice(0, 3)
    .map((value) => `"${value.slice(0, 80)}"`)
    .join(', ');
  return { ok: false, definitive: true, message: `The TXT record at ${name} does not hold this site's token${found === '' ? '' : ` (found ${found})`}` };
}

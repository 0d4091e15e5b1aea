import type { TestKernel, TestMember } from '@lectern/sdk/testing';
import type { LocalDns } from './local-dns.js';

/**
 * Gives the member's site a custom domain the way an owner does: saves it, publishes the TXT
 * record the site asks for on the test's DNS server (the kernel must use it: DNS_SERVERS), and
 * verifies it. Resolves once the site is served there.
 */
export async function serveCustomDomain(t: TestKernel, owner: TestMember, domain: string, dns: LocalDns): Promise<void> {
  const set = await t.request({ method: 'PUT', url: '/api/account/site/domain', as: owner, payload: { custom_domain: domain } });
  if (set.statusCode !== 200) throw new Error(`setting ${domain} failed: ${set.body}`);
  const record = (set.json() as { domain_status: { record: { name: string; value: string } } }).domain_status.record;
  dns.set(record.name, 'TXT', [record.value]);
  const verified = await t.request({ method: 'POST', url: '/api/account/site/domain/verify', as: owner, payload: {} });
  if ((verified.json() as { domain_status?: { served?: boolean } }).domain_status?.served !== true)
    throw new Error(`verifying ${domain} failed: ${verified.body}`);
}

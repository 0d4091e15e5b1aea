/** The kernel's network edge: DNS and the guard every fetch of a user-supplied address goes through. */
export { classifyAddress, isIpAddress, type AddressVerdict } from './address-policy.js';
export { AllowList, parseAllowEntry, type AllowEntry } from './allow-list.js';
export { OutboundGuard, type GuardedFetch, type OutboundGuardOptions, type VettedTarget } from './outbound-guard.js';
export { OutboundError, type OutboundFailure } from './pinned-request.js';
export { createResolver, dnsServerProblem, DnsLookupError, isDefinitiveDnsAnswer, type DnsResolver, type MxRecord, type ResolvedAddress, type ResolverOptions } from './resolver.js';

/** The kernel's network edge: DNS and the guard every fetch of a user-supplied address goes through. */
export { AllowList } from './allow-list.js';
export { OutboundGuard } from './outbound-guard.js';
export { OutboundError } from './pinned-request.js';
export { createResolver, DnsLookupError, isDefinitiveDnsAnswer, type DnsResolver } from './resolver.js';

import dns from 'node:dns';

/**
 * Browsers resolve every *.localhost name to the loopback address (RFC 6761); Node asks the
 * system resolver, which here knows only "localhost". Tests that talk to tenant hosts such as
 * school.localhost install this once so Node behaves like a browser.
 */
let installed = false;

export function resolveLocalhostSubdomains(): void {
  if (installed) return;
  installed = true;
  const original = dns.lookup;
  const patched = function lookup(hostname: string, ...rest: unknown[]): void {
    if (typeof hostname === 'string' && hostname.endsWith('.localhost')) hostname = 'localhost';
    (original as (...args: unknown[]) => void).call(dns, hostname, ...rest);
  };
  (dns as { lookup: unknown }).lookup = patched;
}

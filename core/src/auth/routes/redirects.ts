import type { FastifyRequest } from 'fastify';
import type { AuthService } from '../auth-service.js';
import type { AuthSettings } from '../../options/options-service.js';

/**
 * Where a flow may send the browser back to: the site itself, or an address the owner allowed
 * (same origin, under its path). Anything else falls back to the site, as GoTrue falls back to its Site URL, so
 * a crafted link can never carry tokens to a foreign host.
 */
export function allowedRedirect(request: FastifyRequest, auth: AuthService, settings: AuthSettings, candidate?: string): string {
  const site = auth.siteUrl(request);
  const wanted = candidate ?? (request.query as { redirect_to?: unknown } | undefined)?.redirect_to;
  if (typeof wanted !== 'string' || wanted === '') return site;
  let url: URL;
  try {
    url = new URL(wanted, site);
  } catch {
    return site;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return site;
  const href = url.toString();
  if (url.origin === new URL(site).origin) return href;
  return settings.redirectUrls.some((allowed) => matchesAllowed(url, allowed)) ? href : site;
}

/** Same origin as the allowed address, and under its path: "https://app.example.com" never admits "https://app.example.com.evil.net". */
function matchesAllowed(url: URL, allowed: string): boolean {
  let base: URL;
  try {
    base = new URL(allowed);
  } catch {
    return false;
  }
  if (url.origin !== base.origin || url.username !== '' || url.password !== '') return false;
  const prefix = base.pathname.endsWith('/') ? base.pathname : `${base.pathname}/`;
  return base.pathname === '/' || url.pathname === base.pathname || url.pathname.startsWith(prefix);
}

import { resolveLocalhostSubdomains } from './localhost-dns.js';

export interface Navigation {
  /** Where the redirects ended (not fetched: the app's own page). */
  url: URL;
  /** Every address visited on the way, in order. */
  hops: URL[];
}

/**
 * Just enough of a browser to run a redirect-based sign-in: follows redirects by hand and keeps
 * cookies per host between the OpenID provider and the kernel.
 */
export class TestBrowser {
  private readonly jar = new Map<string, Map<string, string>>();

  constructor() {
    resolveLocalhostSubdomains();
  }

  /** Follows redirects from `start` until `done(url)` says the browser has arrived. */
  async navigate(start: string, done: (url: URL) => boolean, maxHops = 20): Promise<Navigation> {
    let url = new URL(start);
    const hops: URL[] = [];
    for (let hop = 0; hop < maxHops; hop++) {
      hops.push(url);
      if (done(url)) return { url, hops };
      const cookies = this.jar.get(url.host);
      const headers: Record<string, string> = { accept: 'text/html' };
      if (cookies !== undefined && cookies.size > 0) headers.cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
      const response = await fetch(url, { redirect: 'manual', headers });
      this.store(url, response.headers.getSetCookie());
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || location === null) {
        const body = await response.text();
        throw new Error(`${url.href} answered ${response.status} instead of redirecting: ${body.slice(0, 500)}`);
      }
      await response.body?.cancel();
      url = new URL(location, url);
    }
    throw new Error(`more than ${maxHops} redirects from ${start}`);
  }

  private store(url: URL, setCookies: string[]): void {
    let cookies = this.jar.get(url.host);
    if (cookies === undefined) {
      cookies = new Map();
      this.jar.set(url.host, cookies);
    }
    for (const line of setCookies) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => {
        const [key = '', val = ''] = a.split('=').map((s) => s.trim());
        if (key.toLowerCase() === 'max-age') return Number(val) <= 0;
        if (key.toLowerCase() === 'expires') return new Date(val).getTime() <= Date.now();
        return false;
      });
      if (expired || value === '') cookies.delete(name);
      else cookies.set(name, value);
    }
  }
}

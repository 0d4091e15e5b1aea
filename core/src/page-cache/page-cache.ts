import type { MessageBus } from '../cache/bus.js';
import { ACCOUNTS_CHANGED_CHANNEL } from '../tenancy/account-directory.js';

/** A rendered page as a theme stores it. */
export interface CachedPage {
  html: string;
  /** Response headers to replay with the cached body (content type, CSP…). */
  headers?: Record<string, string>;
  etag: string;
}

/** SPEC §7 invalidateCache keys: the site options every page of the account is built from. */
export const SITE_OPTION_KEYS = ['getSiteOption-theme', 'getSiteOption-menus', 'getSiteOption-header', 'getSiteOption-footer', 'getSiteOption-misc'] as const;
export type SiteOptionKey = (typeof SITE_OPTION_KEYS)[number];

export interface PageCacheOptions {
  maxEntries?: number;
  maxBytes?: number;
  ttlMs?: number;
  /** The clock (tests move it forward). */
  now?: () => number;
}

export const PAGE_CACHE_DEFAULTS = { maxEntries: 5_000, maxBytes: 64 * 1024 * 1024, ttlMs: 10 * 60_000 } as const;

const PURGE_CHANNEL = 'page-cache.purge';
const SEPARATOR = '\n';
// Control characters would let one path forge another's key (the parts are joined by a newline).
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;

interface Entry {
  page: CachedPage;
  bytes: number;
  expires: number;
}

interface PurgeMessage {
  accountId: string;
  path?: string;
}

/**
 * Whether and how a render may be shared. Only signed-out renders are cached: a signed-in page
 * carries the member's name, avatar, admin rail and cart, so storing it would show one member's
 * page to everyone. The theme calls this before `get`/`set`; null means render fresh and store
 * nothing. Signed-out visitors are split only by what changes the markup (the light/dark theme).
 */
export function variantFor(visitor: { signedIn: boolean; theme?: string }): string | null {
  if (visitor.signedIn) return null;
  return visitor.theme === undefined || visitor.theme === '' ? 'default' : visitor.theme;
}

/** '/about/' and '/about' are one page; the query (page=2…) stays part of the path. */
function normalizePath(path: string): string {
  const query = path.indexOf('?');
  const pathname = query === -1 ? path : path.slice(0, query);
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
  return query === -1 ? trimmed : trimmed + path.slice(query);
}

/**
 * Rendered HTML per (account, path, variant), in memory on each instance. Bounded by entries and
 * bytes: the least recently read entries leave first. Purges run here at once (so the caller can
 * say how many entries went) and are published on the bus, so every other instance drops the same
 * entries; with Redis configured that reaches every kernel sharing it.
 */
export class PageCache {
  // A Map keeps insertion order: reads re-insert, so the first key is the least recently used.
  private readonly entries = new Map<string, Entry>();
  private totalBytes = 0;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(
    private readonly bus: MessageBus,
    options: PageCacheOptions = {},
  ) {
    this.maxEntries = options.maxEntries ?? PAGE_CACHE_DEFAULTS.maxEntries;
    this.maxBytes = options.maxBytes ?? PAGE_CACHE_DEFAULTS.maxBytes;
    this.ttlMs = options.ttlMs ?? PAGE_CACHE_DEFAULTS.ttlMs;
    this.now = options.now ?? Date.now;
  }

  async start(): Promise<void> {
    await this.bus.subscribe(PURGE_CHANNEL, (message) => {
      const purge = parsePurge(message);
      if (purge === null) return;
      if (purge.path === undefined) this.dropAccount(purge.accountId);
      else this.dropPath(purge.accountId, purge.path);
    });
    // Any change to an account row (site settings, domain, add-ons, suspension) drops all its pages:
    // every page is built from the row.
    await this.bus.subscribe(ACCOUNTS_CHANGED_CHANNEL, (accountId) => void this.dropAccount(accountId));
  }

  get(accountId: string, path: string, variant: string): CachedPage | undefined {
    const key = keyOf(accountId, normalizePath(path), variant);
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    this.entries.delete(key);
    if (entry.expires <= this.now()) {
      this.totalBytes -= entry.bytes;
      return undefined;
    }
    this.entries.set(key, entry);
    return entry.page;
  }

  /**
   * Stores a signed-out render (see variantFor). Returns false when it was not stored: a path or
   * variant with control characters, or a page too big to share the cache (over 1/16 of it).
   */
  set(accountId: string, path: string, variant: string, page: CachedPage): boolean {
    const normalized = normalizePath(path);
    if (CONTROL.test(normalized) || CONTROL.test(variant) || CONTROL.test(accountId)) return false;
    const key = keyOf(accountId, normalized, variant);
    const bytes = sizeOf(key, page);
    if (bytes > this.maxBytes / 16) return false;
    this.remove(key);
    this.entries.set(key, { page, bytes, expires: this.now() + this.ttlMs });
    this.totalBytes += bytes;
    this.evict();
    return true;
  }

  /** Drops every variant of one path (and its query forms) everywhere; resolves to how many went here. */
  async purgePath(accountId: string, path: string): Promise<number> {
    const normalized = normalizePath(path);
    const dropped = this.dropPath(accountId, normalized);
    await this.publish({ accountId, path: normalized });
    return dropped;
  }

  /** Drops every page of the account everywhere; resolves to how many went here. */
  async purgeAccount(accountId: string): Promise<number> {
    const dropped = this.dropAccount(accountId);
    await this.publish({ accountId });
    return dropped;
  }

  /** SPEC invalidateCache: each site option shapes every page (theme, menus, header, footer, misc). */
  async purgeKey(accountId: string, key: SiteOptionKey): Promise<number> {
    if (!SITE_OPTION_KEYS.includes(key)) throw new RangeError(`Unknown page cache key: ${String(key)}`);
    return this.purgeAccount(accountId);
  }

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.totalBytes;
  }

  private async publish(message: PurgeMessage): Promise<void> {
    await this.bus.publish(PURGE_CHANNEL, JSON.stringify(message));
  }

  private dropPath(accountId: string, path: string): number {
    const exact = `${accountId}${SEPARATOR}${path}${SEPARATOR}`;
    // The query forms: '/blog?page=2' goes with '/blog' (a path that has a query already has no more).
    const withQuery = path.includes('?') ? null : `${accountId}${SEPARATOR}${path}?`;
    return this.dropWhere((key) => key.startsWith(exact) || (withQuery !== null && key.startsWith(withQuery)));
  }

  private dropAccount(accountId: string): number {
    const prefix = `${accountId}${SEPARATOR}`;
    return this.dropWhere((key) => key.startsWith(prefix));
  }

  private dropWhere(matches: (key: string) => boolean): number {
    let dropped = 0;
    for (const key of [...this.entries.keys()]) {
      if (matches(key) && this.remove(key)) dropped++;
    }
    return dropped;
  }

  private remove(key: string): boolean {
    const entry = this.entries.get(key);
    if (entry === undefined) return false;
    this.entries.delete(key);
    this.totalBytes -= entry.bytes;
    return true;
  }

  private evict(): void {
    while (this.entries.size > this.maxEntries || this.totalBytes > this.maxBytes) {
      const oldest = this.entries.keys().next();
      if (oldest.done === true) return;
      this.remove(oldest.value);
    }
  }
}

function keyOf(accountId: string, path: string, variant: string): string {
  return `${accountId}${SEPARATOR}${path}${SEPARATOR}${variant}`;
}

function sizeOf(key: string, page: CachedPage): number {
  let bytes = Buffer.byteLength(key) + Buffer.byteLength(page.html) + Buffer.byteLength(page.etag);
  for (const [name, value] of Object.entries(page.headers ?? {})) bytes += Buffer.byteLength(name) + Buffer.byteLength(value);
  return bytes;
}

function parsePurge(message: string): PurgeMessage | null {
  try {
    const value = JSON.parse(message) as Partial<PurgeMessage>;
    if (typeof value.accountId !== 'string') return null;
    if (value.path !== undefined && typeof value.path !== 'string') return null;
    return value.path === undefined ? { accountId: value.accountId } : { accountId: value.accountId, path: value.path };
  } catch {
    return null;
  }
}

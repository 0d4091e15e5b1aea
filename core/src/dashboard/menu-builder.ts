import type { ProfileMenuEntry } from '../options/options-service.js';
import type { MenuArea, MenuEntry } from './menu-entries.js';

/** Who is looking: their capabilities here, the account's features, and whether they run the platform. */
export interface MenuViewer {
  caps: ReadonlySet<string>;
  features: ReadonlySet<string>;
  /** A super-admin on the platform account sees the super-admin side menu instead of the account's. */
  superAdminMode: boolean;
}

export interface VisibleEntry {
  id: string;
  label: string;
  path: string;
  icon?: string;
  plugin?: string;
}

export interface Menu {
  mode: 'account' | 'super';
  sidebar: VisibleEntry[];
  profile: VisibleEntry[];
  /** Quick-create links; the top bar's create menu lists the same. */
  quick: VisibleEntry[];
  /** SPEC §6: the create menu is for manage_options or edit_posts. */
  createMenu: boolean;
}

const holdsAny = (caps: ReadonlySet<string>, wanted: readonly string[] | undefined) => wanted !== undefined && wanted.some((c) => caps.has(c));

/** The entry's own rules: capability (any of), not hidden by `without`, feature on. */
export function entryAllowed(entry: MenuEntry, viewer: MenuViewer): boolean {
  if (entry.capability !== undefined && !holdsAny(viewer.caps, entry.capability)) return false;
  if (holdsAny(viewer.caps, entry.without)) return false;
  return entry.feature === undefined || viewer.features.has(entry.feature);
}

const toVisible = (entry: MenuEntry): VisibleEntry => ({
  id: entry.id,
  label: entry.label,
  path: entry.path,
  ...(entry.icon === undefined ? {} : { icon: entry.icon }),
  ...(entry.plugin === undefined ? {} : { plugin: entry.plugin }),
});

/**
 * Builds a member's menus from every known entry (kernel + plugin manifests) × their capabilities ×
 * the account's features. The account's `profilemenu` option switches side-menu entries off and
 * reorders them (SPEC §2); entries it does not mention keep their default place.
 */
export function buildMenu(entries: readonly MenuEntry[], viewer: MenuViewer, profilemenu: readonly ProfileMenuEntry[] = []): Menu {
  const custom = new Map(profilemenu.map((p) => [p.id, p]));
  const pick = (area: MenuArea, customisable: boolean) =>
    entries
      .filter((entry) => entry.area === area && entryAllowed(entry, viewer))
      .filter((entry) => !customisable || custom.get(entry.id)?.enabled !== false)
      .map((entry) => ({ entry, order: (customisable ? custom.get(entry.id)?.order : undefined) ?? entry.order }))
      .sort((a, b) => a.order - b.order || a.entry.id.localeCompare(b.entry.id))
      .map(({ entry }) => toVisible(entry));
  const superAdminMode = viewer.superAdminMode;
  return {
    mode: superAdminMode ? 'super' : 'account',
    sidebar: superAdminMode ? pick('super', false) : pick('sidebar', true),
    profile: pick('profile', false),
    quick: pick('quick', false),
    createMenu: viewer.caps.has('manage_options') || viewer.caps.has('edit_posts'),
  };
}

/**
 * The entry a dashboard path belongs to: the one with the longest path that equals it or contains
 * it (`/dashboard` itself only matches exactly). Undefined for paths no entry claims.
 */
export function owningEntries(entries: readonly MenuEntry[], path: string): MenuEntry[] {
  const clean = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  let best: MenuEntry[] = [];
  let bestLength = -1;
  for (const entry of entries) {
    const matches = entry.path === clean || (entry.path !== '/dashboard' && clean.startsWith(`${entry.path}/`));
    if (!matches) continue;
    if (entry.path.length > bestLength) {
      best = [entry];
      bestLength = entry.path.length;
    } else if (entry.path.length === bestLength) best.push(entry);
  }
  return best;
}

/** A path is reachable unless the entries owning it are all hidden from this viewer (then it answers not found). */
export function isReachable(entries: readonly MenuEntry[], menu: Menu, path: string): boolean {
  const owners = owningEntries(entries, path);
  if (owners.length === 0) return true;
  const visible = new Set([...menu.sidebar, ...menu.profile, ...menu.quick].map((e) => e.id));
  return owners.some((entry) => visible.has(entry.id));
}

import type { PluginManifest } from '../plugins/manifest.js';

/** Where an entry shows (SPEC §2): side menu, profile menu, quick-create links (which the top bar's create menu also lists), or the super-admin side menu. */
export type MenuArea = 'sidebar' | 'profile' | 'quick' | 'super';

export interface MenuEntry {
  /** Stable id; the admin maps it to the screen that renders the entry. Plugin entries are `<plugin>.<id>`. */
  id: string;
  /** i18n key of the label. */
  label: string;
  path: string;
  area: MenuArea;
  order: number;
  /** Shown when the member holds any one of these (none: every member). */
  capability?: readonly string[];
  /** Hidden from members holding any one of these (SPEC §2: orders give way to pages and posts). */
  without?: readonly string[];
  feature?: string;
  icon?: string;
  /** The plugin contributing the entry; undefined for the kernel's own screens. */
  plugin?: string;
}

const MANAGE = ['manage_options'];

/**
 * The screens the kernel's admin ships (SPEC §2 Account dashboard and Super-admin dashboard).
 * Entries whose screens belong to a feature area (courses, orders, activity…) come from that
 * area's plugin manifest, so they exist only where the plugin is installed; site content (pages,
 * posts, media) is the kernel's own.
 */
export const KERNEL_MENU: readonly MenuEntry[] = [
  { id: 'home', label: 'menu.dashboard', path: '/dashboard', area: 'sidebar', order: 0, icon: 'home' },
  { id: 'notifications', label: 'menu.notifications', path: '/dashboard/notifications', area: 'sidebar', order: 10, icon: 'bell' },
  // SPEC §2: pages and posts for manage_options (where orders give way to them); the media library beside them.
  { id: 'pages', label: 'menu.pages', path: '/dashboard/pages', area: 'sidebar', order: 40, capability: MANAGE, icon: 'file' },
  { id: 'posts', label: 'menu.posts', path: '/dashboard/posts', area: 'sidebar', order: 41, capability: MANAGE, icon: 'pen' },
  { id: 'media', label: 'menu.media', path: '/dashboard/media', area: 'sidebar', order: 42, capability: MANAGE, icon: 'image' },
  { id: 'billing', label: 'menu.billing', path: '/dashboard/billing', area: 'sidebar', order: 80, capability: MANAGE, icon: 'card' },
  { id: 'app', label: 'menu.app', path: '/dashboard/app', area: 'sidebar', order: 82, capability: MANAGE, icon: 'phone' },
  { id: 'setup', label: 'menu.setup', path: '/dashboard/setup', area: 'sidebar', order: 84, capability: MANAGE, icon: 'check' },
  { id: 'addons', label: 'menu.addons', path: '/dashboard/addons', area: 'sidebar', order: 86, capability: MANAGE, icon: 'puzzle' },
  { id: 'reports', label: 'menu.reports', path: '/dashboard/reports', area: 'sidebar', order: 88, capability: MANAGE, icon: 'chart' },
  { id: 'tickets', label: 'menu.support', path: '/dashboard/tickets', area: 'sidebar', order: 90, capability: MANAGE, icon: 'lifebuoy' },

  { id: 'profile', label: 'menu.profile', path: '/dashboard/profile', area: 'profile', order: 0, icon: 'user' },
  { id: 'manage.site', label: 'menu.manageSite', path: '/dashboard/manage/site', area: 'profile', order: 10, capability: MANAGE, icon: 'settings' },
  { id: 'manage.users', label: 'menu.manageUsers', path: '/dashboard/manage/users', area: 'profile', order: 20, capability: MANAGE, icon: 'users' },
  { id: 'manage', label: 'menu.manage', path: '/dashboard/manage', area: 'profile', order: 90, capability: MANAGE, icon: 'grid' },

  // SPEC §2 quick-create links: the editors open on a new, unsaved item; the media library for uploads.
  { id: 'new-page', label: 'menu.newPage', path: '/dashboard/pages/new', area: 'quick', order: 10, capability: MANAGE, icon: 'file' },
  { id: 'new-post', label: 'menu.newPost', path: '/dashboard/posts/new', area: 'quick', order: 11, capability: MANAGE, icon: 'pen' },
  { id: 'upload-media', label: 'menu.uploadMedia', path: '/dashboard/media', area: 'quick', order: 12, capability: MANAGE, icon: 'image' },

  { id: 'super.home', label: 'menu.dashboard', path: '/dashboard', area: 'super', order: 0, icon: 'home' },
  { id: 'super.notifications', label: 'menu.notifications', path: '/dashboard/notifications', area: 'super', order: 10, icon: 'bell' },
  { id: 'super.accounts', label: 'menu.accounts', path: '/dashboard/accounts', area: 'super', order: 20, icon: 'building' },
  { id: 'super.owners', label: 'menu.owners', path: '/dashboard/accounts/owners', area: 'super', order: 30, icon: 'users' },
  // Platform billing (issue 18): the sites it bills; the selling plugin adds its subscriptions, orders and products.
  { id: 'super.customers', label: 'menu.customers', path: '/dashboard/billing/customers', area: 'super', order: 32, icon: 'card' },
  // SPEC §2 (S2-98): the super-admin manages the platform account's own pages and posts with the same
  // screens; its media library opens from the quick-create links, which show in both modes.
  { id: 'super.pages', label: 'menu.pages', path: '/dashboard/pages', area: 'super', order: 40, icon: 'file' },
  { id: 'super.posts', label: 'menu.posts', path: '/dashboard/posts', area: 'super', order: 41, icon: 'pen' },
  // Issue 18 item 7: the provider site's documentation, written in the same editor, shown at /docs/{slug}.
  { id: 'super.docs', label: 'menu.docs', path: '/dashboard/docs', area: 'super', order: 42, icon: 'book' },
  { id: 'super.updates', label: 'menu.updates', path: '/dashboard/updates', area: 'super', order: 60, icon: 'megaphone' },
  { id: 'super.tickets', label: 'menu.tickets', path: '/dashboard/tickets', area: 'super', order: 80, icon: 'lifebuoy' },
  { id: 'super.plugins', label: 'menu.plugins', path: '/dashboard/plugins', area: 'super', order: 90, icon: 'puzzle' },
  { id: 'super.crons', label: 'menu.crons', path: '/dashboard/maintenance/crons', area: 'super', order: 100, icon: 'clock' },
];

const asList = (value: string | string[] | undefined): readonly string[] | undefined =>
  value === undefined ? undefined : Array.isArray(value) ? value : [value];

/** Entries plugins declare in their manifests' `admin.menu`, gated by their feature unless they name another. */
export function pluginMenuEntries(manifests: readonly PluginManifest[]): MenuEntry[] {
  return manifests.flatMap((manifest) =>
    (manifest.admin?.menu ?? []).map((entry) => ({
      id: `${manifest.name}.${entry.id}`,
      label: entry.label,
      path: entry.path,
      area: entry.area ?? 'sidebar',
      order: entry.order ?? 50,
      capability: asList(entry.capability),
      without: asList(entry.without),
      feature: entry.feature ?? manifest.feature,
      icon: entry.icon,
      plugin: manifest.name,
    })),
  );
}

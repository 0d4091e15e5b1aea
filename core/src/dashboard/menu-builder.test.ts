import { describe, expect, it } from 'vitest';
import { buildMenu, isReachable } from './menu-builder.js';
import { KERNEL_MENU, pluginMenuEntries, type MenuEntry } from './menu-entries.js';
import type { PluginManifest } from '../plugins/manifest.js';

const lms: PluginManifest = {
  name: 'lms',
  version: '1.0.0',
  kernel: '*',
  feature: 'lms',
  admin: {
    menu: [
      { id: 'courses', label: 'menu.courses', path: '/dashboard/courses', order: 20 },
      { id: 'instructor', label: 'menu.instructor', path: '/dashboard/instructor', order: 30, capability: ['create_courses', 'manage_options'] },
      { id: 'new-course', label: 'menu.newCourse', path: '/dashboard/instructor/new', area: 'quick', capability: ['edit_posts', 'manage_options'] },
    ],
  },
};
const shop: PluginManifest = {
  name: 'shop',
  version: '1.0.0',
  kernel: '*',
  admin: { menu: [{ id: 'orders', label: 'menu.orders', path: '/dashboard/orders', order: 40, without: 'manage_options' }] },
};
const entries: MenuEntry[] = [...KERNEL_MENU, ...pluginMenuEntries([lms, shop])];
const ids = (list: { id: string }[]) => list.map((e) => e.id);
const viewer = (caps: string[], features: string[] = [], superAdminMode = false) => ({ caps: new Set(caps), features: new Set(features), superAdminMode });

describe('dashboard menus', () => {
  it('gives owners the manage screens and hides orders from them', () => {
    const menu = buildMenu(entries, viewer(['manage_options', 'read'], ['lms']));
    expect(ids(menu.sidebar)).toEqual([
      'home',
      'notifications',
      'lms.courses',
      'lms.instructor',
      'pages',
      'posts',
      'media',
      'billing',
      'app',
      'setup',
      'addons',
      'reports',
      'tickets',
    ]);
    expect(ids(menu.profile)).toEqual(['profile', 'manage.site', 'manage.users', 'manage']);
    expect(ids(menu.quick)).toEqual(['new-page', 'new-post', 'upload-media', 'lms.new-course']);
    expect(menu.createMenu).toBe(true);
  });

  it('gives students orders but no manage screens, no instructor entry and no create menu', () => {
    const menu = buildMenu(entries, viewer(['read'], ['lms']));
    expect(ids(menu.sidebar)).toEqual(['home', 'notifications', 'lms.courses', 'shop.orders']);
    expect(ids(menu.profile)).toEqual(['profile']);
    expect(menu.createMenu).toBe(false);
    // SPEC §2: pages, posts and their editors are for manage_options only.
    expect(ids(menu.quick)).toEqual([]);
    expect(isReachable(entries, menu, '/dashboard/pages')).toBe(false);
    expect(isReachable(entries, menu, '/dashboard/posts/new')).toBe(false);
    expect(isReachable(entries, menu, '/dashboard/media')).toBe(false);
  });

  it('needs the plugin feature for its entries', () => {
    const menu = buildMenu(entries, viewer(['create_courses', 'edit_posts', 'read'], []));
    expect(ids(menu.sidebar)).not.toContain('lms.instructor');
    expect(isReachable(entries, menu, '/dashboard/instructor/quizzes')).toBe(false);
    expect(isReachable(entries, buildMenu(entries, viewer(['create_courses'], ['lms'])), '/dashboard/instructor/quizzes')).toBe(true);
  });

  it('applies the profilemenu option to the side menu', () => {
    const menu = buildMenu(entries, viewer(['manage_options'], ['lms']), [
      { id: 'reports', enabled: true, order: 1 },
      { id: 'billing', enabled: false, order: 0 },
    ]);
    expect(ids(menu.sidebar).slice(0, 2)).toEqual(['home', 'reports']);
    expect(ids(menu.sidebar)).not.toContain('billing');
    expect(isReachable(entries, menu, '/dashboard/billing')).toBe(false);
  });

  it('shows super-admins the platform menu', () => {
    const menu = buildMenu(entries, viewer(['manage_options'], [], true));
    expect(menu.mode).toBe('super');
    expect(ids(menu.sidebar)).toContain('super.accounts');
    expect(ids(menu.sidebar)).not.toContain('billing');
    // SPEC §2 (S2-98): the platform's own pages and posts, and the editors' quick-create links.
    expect(ids(menu.sidebar)).toEqual(expect.arrayContaining(['super.pages', 'super.posts']));
    expect(ids(menu.quick)).toEqual(expect.arrayContaining(['new-page', 'new-post', 'upload-media']));
    expect(isReachable(entries, menu, '/dashboard/pages/0b6f5b0e-7f43-4a8e-9c53-3f1d2a9e8c01')).toBe(true);
    expect(isReachable(entries, menu, '/dashboard/media')).toBe(true);
    expect(isReachable(entries, menu, '/dashboard/maintenance/crons')).toBe(true);
    expect(isReachable(entries, buildMenu(entries, viewer(['manage_options'])), '/dashboard/maintenance/crons')).toBe(false);
  });

  it('leaves paths no entry claims to the admin router', () => {
    const menu = buildMenu(entries, viewer(['read']));
    expect(isReachable(entries, menu, '/dashboard/no-such-screen')).toBe(true);
    expect(isReachable(entries, menu, '/dashboard/')).toBe(true);
  });
});

import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { definePlugin } from '@lectern/sdk';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';

interface Entry {
  id: string;
  path: string;
  label: string;
}
interface Bootstrap {
  account: { id: string; site_url: string; docs_url: string; onboard: boolean; default_language: string };
  member: { name: string; caps: string[]; role: { slug: string } | null };
  is_super_admin: boolean;
  plugins: string[];
  menu: { mode: string; sidebar: Entry[]; profile: Entry[]; quick: Entry[]; createMenu: boolean };
  preferences: { theme: string; language: string | null; sidebar_open: boolean };
  tour: { step: number; done: boolean } | null;
}

/** A plugin with dashboard screens behind the lms feature (the shape the LMS plugin will have). */
const courses = definePlugin({
  manifest: {
    name: 'courses-fixture',
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
  },
});
const shop = definePlugin({
  manifest: {
    name: 'orders-fixture',
    version: '1.0.0',
    kernel: '*',
    admin: { menu: [{ id: 'orders', label: 'menu.orders', path: '/dashboard/orders', order: 40, without: 'manage_options' }] },
  },
});

const ids = (entries: Entry[]) => entries.map((e) => e.id);

describe('dashboard shell API and pages', () => {
  let t: TestKernel;
  let site: TestAccount;
  let owner: TestMember;
  let instructor: TestMember;
  let student: TestMember;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'lectern-admin-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="/dashboard/assets/app-abc123.js"></script>');
    writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log("dashboard")');
    t = await createTestKernel({ plugins: [courses, shop], adminDist: dist });
    site = await t.createAccount({ slug: 'school', plan: 'professional', features: ['lms'] });
    owner = await t.createMember(site, { role: 'owner', name: 'Olive Owner' });
    instructor = await t.createMember(site, { role: 'instructor' });
    student = await t.createMember(site, { role: 'student' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const boot = async (as: TestMember, account?: TestAccount) => {
    const res = await t.request({ url: '/api/dashboard/bootstrap', as, account });
    expect(res.statusCode).toBe(200);
    return res.json() as Bootstrap;
  };

  it('builds each role its own menus', async () => {
    const o = await boot(owner);
    expect(o.member.name).toBe('Olive Owner');
    expect(ids(o.menu.sidebar)).toEqual(expect.arrayContaining(['home', 'notifications', 'billing', 'addons', 'courses-fixture.instructor']));
    expect(ids(o.menu.sidebar)).not.toContain('orders-fixture.orders');
    expect(ids(o.menu.profile)).toEqual(['profile', 'manage.site', 'manage.users', 'manage']);
    expect(o.menu.createMenu).toBe(true);
    expect(o.account.docs_url).toBe('http://localhost/docs');

    const s = await boot(student);
    expect(ids(s.menu.sidebar)).toEqual(['home', 'notifications', 'courses-fixture.courses', 'orders-fixture.orders']);
    expect(ids(s.menu.profile)).toEqual(['profile']);
    expect(s.menu.createMenu).toBe(false);
    expect(s.is_super_admin).toBe(false);

    const i = await boot(instructor);
    expect(ids(i.menu.sidebar)).toContain('courses-fixture.instructor');
    expect(ids(i.menu.quick)).toEqual(['courses-fixture.new-course']);
  });

  it('answers a page of a hidden entry with 404 and serves the SPA elsewhere', async () => {
    const page = (url: string, as: TestMember) => t.request({ url, as });
    expect((await page('/dashboard/instructor', instructor)).statusCode).toBe(200);
    expect((await page('/dashboard/instructor/new', student)).statusCode).toBe(404);
    expect((await page('/dashboard/billing', student)).statusCode).toBe(404);
    const ok = await page('/dashboard/billing', owner);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toContain('text/html');
    expect(ok.headers['content-security-policy']).toContain("script-src 'self'");
    expect(ok.body).toContain('/dashboard/assets/app-abc123.js');
  });

  it('removes a switched-off add-on from the menus and makes its pages not found', async () => {
    const other = await t.createAccount({ slug: 'toggle', plan: 'professional', features: ['lms'] });
    const boss = await t.createMember(other, { role: 'owner' });
    expect((await t.request({ url: '/dashboard/courses', as: boss })).statusCode).toBe(200);
    expect((await boot(boss)).plugins).toContain('courses-fixture');
    const off = await t.request({ method: 'PUT', url: '/api/account/addons', as: boss, payload: { feature: 'lms', enabled: false } });
    expect(off.statusCode).toBe(200);
    const menu = await boot(boss);
    expect(ids(menu.menu.sidebar)).not.toContain('courses-fixture.courses');
    // Its editor blocks and widgets go with it.
    expect(menu.plugins).not.toContain('courses-fixture');
    expect(menu.plugins).toContain('orders-fixture');
    expect((await t.request({ url: '/dashboard/courses', as: boss })).statusCode).toBe(404);
    expect((await t.request({ url: '/dashboard/instructor/new', as: boss })).statusCode).toBe(404);
  });

  it('sends visitors without a session to the login page, remembering where they were going', async () => {
    const res = await t.request({ url: '/dashboard/notifications', account: site });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?redirectedFrom=%2Fdashboard%2Fnotifications');
    const login = await t.request({ url: '/login', account: site });
    expect(login.statusCode).toBe(200);
    expect(login.body).toContain('<div id="root">');
  });

  it('serves built assets for a year, and 404 for missing ones', async () => {
    const asset = await t.request({ url: '/dashboard/assets/app-abc123.js', account: site });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await t.request({ url: '/dashboard/assets/nope.js', account: site })).statusCode).toBe(404);
    expect((await t.request({ url: '/dashboard/assets/..%2F..%2Fetc%2Fpasswd', account: site })).statusCode).toBeGreaterThanOrEqual(400);
  });

  it('keeps each member their own theme, language and sidebar state', async () => {
    expect((await boot(owner)).preferences).toEqual({ theme: 'light', language: null, sidebar_open: false });
    const put = await t.request({ method: 'PUT', url: '/api/dashboard/preferences', as: owner, payload: { theme: 'night', language: 'ar' } });
    expect(put.statusCode).toBe(200);
    expect((await boot(owner)).preferences).toEqual({ theme: 'night', language: 'ar', sidebar_open: false });
    expect((await boot(student)).preferences.theme).toBe('light');
    const bad = await t.request({ method: 'PUT', url: '/api/dashboard/preferences', as: owner, payload: { theme: 'sepia' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('validation_failed');
    expect((await t.request({ method: 'PUT', url: '/api/dashboard/preferences', as: owner, payload: { language: 'xx' } })).statusCode).toBe(400);
  });

  it('records tour progress and forgets it on restart', async () => {
    expect((await boot(instructor)).tour).toBeNull();
    expect((await t.request({ method: 'PUT', url: '/api/dashboard/tour', as: instructor, payload: { step: 2, done: false } })).statusCode).toBe(200);
    expect((await boot(instructor)).tour).toEqual({ step: 2, done: false });
    await t.request({ method: 'PUT', url: '/api/dashboard/tour', as: instructor, payload: { step: 4, done: true } });
    expect((await boot(instructor)).tour).toEqual({ step: 4, done: true });
    expect((await t.request({ method: 'DELETE', url: '/api/dashboard/tour', as: instructor })).statusCode).toBe(200);
    expect((await boot(instructor)).tour).toBeNull();
  });

  it('lets owners hide and reorder side-menu entries through the profilemenu option', async () => {
    const layout = await t.request({ url: '/api/dashboard/profilemenu', as: owner });
    expect(layout.statusCode).toBe(200);
    expect((layout.json() as { entries: Entry[] }).entries.map((e) => e.id)).toContain('courses-fixture.courses');
    const put = await t.request({
      method: 'PUT',
      url: '/api/dashboard/profilemenu',
      as: owner,
      payload: {
        entries: [
          { id: 'reports', enabled: true, order: 1 },
          { id: 'billing', enabled: false, order: 2 },
        ],
      },
    });
    expect(put.statusCode).toBe(200);
    const menu = await boot(owner);
    expect(ids(menu.menu.sidebar).slice(0, 2)).toEqual(['home', 'reports']);
    expect(ids(menu.menu.sidebar)).not.toContain('billing');
    expect((await t.request({ url: '/dashboard/billing', as: owner })).statusCode).toBe(404);
    expect(
      (await t.request({ method: 'PUT', url: '/api/dashboard/profilemenu', as: owner, payload: { entries: [{ id: 'nope', enabled: true, order: 1 }] } }))
        .statusCode,
    ).toBe(400);
    expect(
      (await t.request({ method: 'PUT', url: '/api/dashboard/profilemenu', as: owner, payload: { entries: [{ id: 'home', enabled: false, order: 1 }] } }))
        .statusCode,
    ).toBe(400);
    expect((await t.request({ url: '/api/dashboard/profilemenu', as: student })).statusCode).toBe(403);
  });

  it('changes the member name and avatar on this site only', async () => {
    const res = await t.request({
      method: 'PUT',
      url: '/api/dashboard/profile',
      as: student,
      payload: { name: '  Sam Student ', avatar: '/storage/v1/object/public/avatars/x/avatar.jpg' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: 'Sam Student', avatar: '/storage/v1/object/public/avatars/x/avatar.jpg' });
    expect((await boot(student)).member.name).toBe('Sam Student');
    expect((await t.request({ method: 'PUT', url: '/api/dashboard/profile', as: student, payload: { avatar: 'javascript:alert(1)' } })).statusCode).toBe(400);
    expect((await t.request({ method: 'PUT', url: '/api/dashboard/profile', as: student, payload: { name: '   ' } })).statusCode).toBe(400);
  });

  it('shows super-admins the platform menu on the platform site only', async () => {
    const { account: platform, superAdmin: root } = await t.platform();
    const b = await boot(root, platform);
    expect(b.is_super_admin).toBe(true);
    expect(b.menu.mode).toBe('super');
    expect(ids(b.menu.sidebar)).toEqual(
      expect.arrayContaining(['super.accounts', 'super.owners', 'super.updates', 'super.tickets', 'super.crons', 'super.plugins']),
    );
    expect((await t.request({ url: '/dashboard/maintenance/crons', as: root, account: platform })).statusCode).toBe(200);
    // An owner of a tenant site never gets the platform menu, nor its pages.
    const o = await boot(owner);
    expect(o.menu.mode).toBe('account');
    expect(ids(o.menu.sidebar)).not.toContain('super.accounts');
    expect((await t.request({ url: '/dashboard/maintenance/crons', as: owner })).statusCode).toBe(404);
  });
});

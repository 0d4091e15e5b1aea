import { describe, expect, it } from 'vitest';
import { contentItem, viewer } from '../testing/page-data.js';
import { canSeeAdminRail, railLinks, revalidateUrl } from './rail-links.js';

describe('the admin quick-edit rail (SPEC §2, §6)', () => {
  it('is for admin and manage_options only', () => {
    expect(canSeeAdminRail(viewer(['manage_options']))).toBe(true);
    expect(canSeeAdminRail(viewer(['admin']))).toBe(true);
    expect(canSeeAdminRail(viewer(['read', 'edit_posts']))).toBe(false);
    expect(canSeeAdminRail(null)).toBe(false);
  });

  it('edits what is on screen', () => {
    const page = contentItem({ id: 'p-1' });
    const post = contentItem({ id: 'q-2', type: 'post' });
    expect(railLinks({ kind: 'page', page, preview: false }).map((l) => l.href)).toContain('/dashboard/pages/p-1');
    expect(railLinks({ kind: 'home', page }).map((l) => l.href)).toContain('/dashboard/pages/p-1');
    expect(railLinks({ kind: 'post', post, preview: false }).map((l) => l.href)).toContain('/dashboard/posts/q-2');
    const blog = railLinks({ kind: 'blog', posts: [], total: 0, page: 1, perPage: 10, category: null }).map((l) => l.id);
    expect(blog).toEqual(['users', 'site-theme', 'site-header', 'site-footer']);
  });

  it("adds a plugin page's own editors first, labelled as the plugin gives them", () => {
    const links = railLinks({
      kind: 'plugin',
      plugin: 'lms',
      view: 'course',
      chrome: true,
      params: {},
      data: null,
      adminLinks: [{ id: 'edit-course', label: 'Edit course', href: '/dashboard/instructor/courses/c-1' }],
    });
    expect(links[0]).toEqual({ id: 'lms-edit-course', label: { text: 'Edit course' }, href: '/dashboard/instructor/courses/c-1' });
    expect(links.map((l) => l.id).slice(1)).toEqual(['users', 'site-theme', 'site-header', 'site-footer']);
  });

  it('clears the cache of the current path, without its query', () => {
    expect(revalidateUrl('acc-1', '/blog?page=2')).toBe('/api/site/revalidateCache?site=acc-1&path=%2Fblog');
    expect(revalidateUrl('acc-1', '')).toBe('/api/site/revalidateCache?site=acc-1&path=%2F');
  });
});

import type { SiteRoute, SiteViewer } from '@lectern/sdk';
import type { MessageKey } from '../i18n/messages.js';

/** SPEC §6: `admin` or `manage_options` sees the admin rail on public pages. */
export function canSeeAdminRail(viewer: SiteViewer | null): boolean {
  return viewer !== null && Array.isArray(viewer.caps) && (viewer.caps.includes('admin') || viewer.caps.includes('manage_options'));
}

export interface RailLink {
  id: string;
  /** The theme's own text by key, or a plugin's label as given. */
  label: MessageKey | { text: string };
  href: string;
}

/** The settings screen is one page with a tab per section (admin/src/screens/SiteSettings.tsx). */
const SITE_SETTINGS = '/dashboard/manage/site';

/** SPEC §2 admin quick-edit rail: edit what is on screen, then the site-wide screens. */
export function railLinks(route: SiteRoute): RailLink[] {
  const links: RailLink[] = [];
  const page = route.kind === 'home' || route.kind === 'page' ? route.page : null;
  // A doc is drawn like a page (at /docs/{slug}); its editor is under the docs.
  if (page !== null)
    links.push({ id: 'edit-page', label: 'admin.editPage', href: `/dashboard/${page.type === 'doc' ? 'docs' : 'pages'}/${encodeURIComponent(page.id)}` });
  if (route.kind === 'post') links.push({ id: 'edit-post', label: 'admin.editPost', href: `/dashboard/posts/${encodeURIComponent(route.post.id)}` });
  // A plugin's page names its own editors (a course landing page: its course editor).
  if (route.kind === 'plugin')
    for (const link of route.adminLinks ?? []) links.push({ id: `${route.plugin}-${link.id}`, label: { text: link.label }, href: link.href });
  links.push(
    { id: 'users', label: 'admin.users', href: '/dashboard/manage/users' },
    { id: 'site-theme', label: 'admin.siteTheme', href: `${SITE_SETTINGS}?tab=theme` },
    { id: 'site-header', label: 'admin.siteHeader', href: `${SITE_SETTINGS}?tab=header` },
    { id: 'site-footer', label: 'admin.siteFooter', href: `${SITE_SETTINGS}?tab=footer` },
  );
  return links;
}

/** SPEC §7: GET /api/site/revalidateCache?site=<account id>&path=<page path>, one call per page path. */
export function revalidateUrl(accountId: string, pagePath: string): string {
  const path = pagePath.split(/[?#]/)[0] || '/';
  return `/api/site/revalidateCache?${new URLSearchParams({ site: accountId, path }).toString()}`;
}

import type { SiteContentItem, SitePageData, SiteRoute, SiteViewer } from '@lectern/sdk';

/** Hand-made page data for tests: a small school's site with a menu, footer and notices. */
export function pageData(overrides: Partial<SitePageData> = {}, shell: Partial<SitePageData['shell']> = {}): SitePageData {
  return {
    shell: {
      account: { id: '7d0c2a52-3f7e-4a53-9d35-0a3c8f7f6a11', slug: 'school', name: 'Maple School', isPlatform: false, plan: 'starter', features: ['lms'] },
      siteUrl: 'https://school.example',
      storageUrl: 'https://school.example/storage/v1/object/public',
      language: 'en',
      direction: 'ltr',
      currency: 'USD',
      settings: { sitetitle: 'Maple School', logo_width: 6 },
      menus: {
        header: [
          { id: 'home', parent: null, data: { menuItem: { label: 'Home', item_url: '/', item_type: 'plain' } } },
          {
            id: 'courses',
            parent: null,
            data: {
              menuItem: {
                label: 'Courses',
                item_url: '/courses',
                item_type: 'plain',
                children: [
                  { id: 'art', parent: 'courses', data: { menuItem: { label: 'Art', item_url: '/courses/art', item_type: 'plain' } } },
                  { id: 'math', parent: 'courses', data: { menuItem: { label: 'Maths', item_url: '/courses/maths', item_type: 'plain' } } },
                ],
              },
            },
          },
          {
            id: 'more',
            parent: null,
            data: {
              menuItem: {
                label: 'Explore',
                item_url: '',
                item_type: 'megamenu',
                mega_menu: {
                  columnCount: 3,
                  columns: [
                    { colSpan: 2, rowSpan: 1, content: '<h3>Topics</h3><ul><li><a href="/blog">Blog</a></li></ul>' },
                    { colSpan: 1, rowSpan: 2, content: '<p>Join our <a href="/signup">community</a></p>' },
                  ],
                },
              },
            },
          },
        ],
      },
      header: { header_style: 'classic', header_search: true, header_login: true, header_cart: true, header_darklight: true },
      footer: {
        footer_style: 'dark',
        footer_columns: [
          { title: 'About', type: 'text', width: 6, data: '<p>We teach <strong>everyone</strong>.</p>' },
          {
            title: 'Links',
            type: 'links',
            width: 3,
            data: [
              { label: 'Privacy', url: '/privacy' },
              { label: 'Docs', url: 'https://docs.example', new_tab: true },
            ],
          },
        ],
        footer_bottom: '<p>© Maple School</p>',
        footer_bottom_links: [{ label: 'Terms', url: '/terms' }],
      },
      theme: { bodyStyle: 'boxed', fontFamily: 'Inter' },
      notices: {},
      scripts: '',
      plugins: ['lms'],
      ...shell,
    },
    viewer: null,
    path: '/',
    route: { kind: 'home', page: null },
    seo: { title: 'Maple School', description: 'Learn with us', url: 'https://school.example/', image: null, type: 'website', noindex: false },
    recentPosts: [],
    plans: [],
    installedPlugins: [],
    colorScheme: 'light',
    pluginData: {},
    overlays: [],
    ...overrides,
  };
}

export function contentItem(overrides: Partial<SiteContentItem> = {}): SiteContentItem {
  return {
    id: 'a1b2c3d4-0000-4000-8000-000000000001',
    type: 'page',
    slug: 'about',
    title: 'About us',
    excerpt: '',
    document: { root: { props: {} }, content: [{ type: 'Heading', props: { id: 'h1', text: 'Hello from the editor', level: 'h2' } }] },
    settings: {},
    seo: {},
    authorName: 'Ada Lovelace',
    publishedAt: '2025-03-04T10:00:00.000Z',
    updatedAt: '2025-03-04T10:00:00.000Z',
    categories: [],
    tags: [],
    ...overrides,
  };
}

export function viewer(caps: string[], overrides: Partial<SiteViewer> = {}): SiteViewer {
  return {
    userId: 'u1',
    name: 'Olive Owner',
    email: 'olive@school.example',
    avatarUrl: 'https://school.example/storage/v1/object/public/avatars/u1/avatar.jpg',
    role: 'owner',
    caps,
    ...overrides,
  };
}

export function route<K extends SiteRoute['kind']>(route: Extract<SiteRoute, { kind: K }>): SiteRoute {
  return route;
}

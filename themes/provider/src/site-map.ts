/**
 * Every page the provider site draws itself, with the words that name it in the top bar, the
 * footer, the <title> and the description. The kernel sends the site name as the title of a
 * static route, so the titles and descriptions of these pages live here.
 */
export interface StaticPageInfo {
  path: string;
  /** The plugins the page describes (offer.ts): without them it is not listed and answers 404. */
  needs?: readonly string[];
  /** Short name for links and the <title>. */
  label: string;
  description: string;
}

export const MARKETING_PAGES: readonly StaticPageInfo[] = [
  {
    path: '/product',
    label: 'Product',
    description: 'One platform for your site, your blog and everything you teach and sell, with one set of members and one dashboard.',
  },
  {
    path: '/use-cases',
    label: 'Use cases',
    description: 'How course creators, academies, coaches, communities and training teams run their business on one site.',
  },
  {
    path: '/features',
    label: 'Features',
    description: 'Everything the platform does: the visual page editor, the blog, members and roles, and every installed add-on.',
  },
  { path: '/pricing', label: 'Pricing', description: 'Plans for every stage, with a free trial, monthly or annual billing, or a one-time LifeTime price.' },
];

export const DOCS_INDEX: StaticPageInfo = {
  path: '/docs',
  label: 'Docs',
  description: 'Guides to the add-ons: what each one does, which plans include it and how to switch it on.',
};

/** The add-on guides, in the order the docs index lists them (SPEC §2). */
export const ADDON_GUIDES: readonly StaticPageInfo[] = [
  {
    path: '/docs/certificate-builder',
    needs: ['lms'],
    label: 'Certificate builder',
    description: 'Design a course certificate and award it automatically when a student completes the course.',
  },
  {
    path: '/docs/zoom',
    needs: ['zoom'],
    label: 'Zoom meetings',
    description: 'Connect Zoom to schedule live classes and let members join them from their dashboard.',
  },
  {
    path: '/docs/gamification',
    needs: ['gamification'],
    label: 'Gamification',
    description: 'Award points for learning and activity, and show members their points and progress.',
  },
  {
    path: '/docs/forms',
    needs: ['forms'],
    label: 'Forms',
    description: 'Build forms for your pages, collect entries and feed them into mailing lists and automations.',
  },
  {
    path: '/docs/drive',
    needs: ['drive'],
    label: 'Drive',
    description: 'Bring files from your cloud drive into lessons and the media library without uploading them again.',
  },
  {
    path: '/docs/automation',
    needs: ['automations'],
    label: 'Automation',
    description: 'Run actions on their own when something happens: send email, tag members, enrol them in courses and more.',
  },
  {
    path: '/docs/affiliates',
    needs: ['affiliates'],
    label: 'Affiliates',
    description: 'Let members refer customers and earn a flat or percentage commission on every sale they bring.',
  },
];

export const STATIC_PAGES: readonly StaticPageInfo[] = [...MARKETING_PAGES, DOCS_INDEX, ...ADDON_GUIDES];

export const STATIC_PATHS: readonly string[] = STATIC_PAGES.map((page) => page.path);

export function staticPage(path: string): StaticPageInfo | undefined {
  return STATIC_PAGES.find((page) => page.path === path);
}

/** Top-bar navigation, in order. */
export const NAV_LINKS: ReadonlyArray<{ href: string; label: string }> = [
  ...MARKETING_PAGES.map(({ path, label }) => ({ href: path, label })),
  { href: DOCS_INDEX.path, label: DOCS_INDEX.label },
  { href: '/blog', label: 'Blog' },
];

/**
 * The platform's legal documents (SPEC §9 "document pages"). They are ordinary pages of the platform
 * account, edited in the dashboard, so the footer links to their slugs.
 */
export const LEGAL_LINKS: ReadonlyArray<{ href: string; label: string }> = [
  { href: '/privacy', label: 'Privacy policy' },
  { href: '/terms', label: 'Terms of service' },
  { href: '/gdpr', label: 'GDPR' },
  { href: '/ipp', label: 'Intellectual property' },
  { href: '/content', label: 'Content policy' },
  { href: '/instructor', label: 'Instructor terms' },
];

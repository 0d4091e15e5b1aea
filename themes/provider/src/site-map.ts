/**
 * Every page the provider site draws itself, with the words that name it in the top bar, the
 * footer, the <title> and the description. The kernel sends the site name as the title of a
 * static route, so the titles and descriptions of these pages live here.
 */
export interface StaticPageInfo {
  path: string;
  /** Short name for links and the <title>. */
  label: string;
  description: string;
}

export const MARKETING_PAGES: readonly StaticPageInfo[] = [
  {
    path: '/product',
    label: 'Product',
    description: 'One platform for your site, courses, memberships, store, blog, funnels, mailing lists, affiliates and automations.',
  },
  {
    path: '/use-cases',
    label: 'Use cases',
    description: 'How course creators, academies, coaches, communities and training teams run their business on one site.',
  },
  {
    path: '/features',
    label: 'Features',
    description: 'Courses, quizzes, memberships, a store with coupons, a visual page editor, funnels, email, affiliates, automations and more.',
  },
  { path: '/pricing', label: 'Pricing', description: 'Plans for every stage, with a free trial, monthly or annual billing, or a one-time LifeTime price.' },
];

export const DOCS_INDEX: StaticPageInfo = {
  path: '/docs',
  label: 'Docs',
  description: 'Guides to the add-ons: certificates, Zoom meetings, gamification, forms, Drive, automations and affiliates.',
};

/** The add-on guides, in the order the docs index lists them (SPEC §2). */
export const ADDON_GUIDES: readonly StaticPageInfo[] = [
  {
    path: '/docs/certificate-builder',
    label: 'Certificate builder',
    description: 'Design a course certificate and award it automatically when a student completes the course.',
  },
  { path: '/docs/zoom', label: 'Zoom meetings', description: 'Connect Zoom to schedule live classes and let members join them from their dashboard.' },
  { path: '/docs/gamification', label: 'Gamification', description: 'Award points for learning and activity, and show members their points and progress.' },
  {
    path: '/docs/forms',
    label: 'Forms',
    description: 'Build forms for your pages and popups, collect entries and feed them into mailing lists and automations.',
  },
  { path: '/docs/drive', label: 'Drive', description: 'Bring files from your cloud drive into lessons and the media library without uploading them again.' },
  {
    path: '/docs/automation',
    label: 'Automation',
    description: 'Run actions on their own when something happens: send email, tag members, enrol them in courses and more.',
  },
  {
    path: '/docs/affiliates',
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

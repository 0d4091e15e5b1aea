import type { SiteContentItem, SitePageData, SitePlan, SiteRoute } from '@lectern/sdk';

/**
 * Every plugin (and part of the product a plugin provides) the provider's pages can describe: a
 * platform with all of them installed (the default of these tests).
 */
export const EVERY_PLUGIN = [
  'lms',
  'ecommerce',
  'marketing',
  'mailing-lists',
  'forms',
  'popups',
  'campaigns',
  'automations',
  'funnels',
  'affiliates',
  'groups',
  'gamification',
  'appointments',
  'zoom',
  'drive',
  'ai',
  'attendance',
  'parents',
] as const;

/** SPEC §9's plans as the kernel sends them (core/src/site-render/site-plans.ts). */
export function specPlans(): SitePlan[] {
  const starterLimits = { members: 10000, monthlyEmails: 10000, mau: 10000, chats: 100, aiTokens: 1000, concurrentUsers: 50, storageMb: 1024 };
  const professionalLimits = { members: 100000, monthlyEmails: 100000, mau: 100000, chats: 1000, aiTokens: 10000, concurrentUsers: 100, storageMb: 10240 };
  return [
    { id: 'starter', name: 'Starter', monthly: 29, annual: 299, lifetime: null, trialDays: 30, limits: starterLimits, features: ['ai', 'aiques', 'emails'] },
    {
      id: 'professional',
      name: 'Professional',
      monthly: 99,
      annual: 999,
      lifetime: null,
      trialDays: 30,
      limits: professionalLimits,
      features: ['ai', 'aiques', 'emails', 'forms', 'commissions'],
    },
    {
      id: 'dedicated',
      name: 'Dedicated',
      monthly: 49,
      annual: 499,
      lifetime: null,
      trialDays: 30,
      limits: { ...professionalLimits, members: 200000, concurrentUsers: 500 },
      features: ['ai', 'aiques', 'emails', 'forms', 'commissions'],
    },
    {
      id: 'lifetime',
      name: 'LifeTime',
      monthly: null,
      annual: null,
      lifetime: 19,
      trialDays: 0,
      limits: { ...starterLimits, mau: 5000, courses: 10, groups: 3, funnels: 3, storageMb: 512 },
      features: ['ai', 'aiques', 'emails'],
    },
  ];
}

/** A page of the platform's site for a signed-out visitor; `overrides` replace whole fields. */
export function pageData(route: SiteRoute, overrides: Partial<SitePageData> = {}): SitePageData {
  return {
    shell: {
      account: { id: 'acc-platform', slug: 'platform', name: 'Lectern', isPlatform: true, plan: 'dedicated', features: [] },
      siteUrl: 'https://lectern.test',
      storageUrl: 'https://lectern.test/storage/v1/object/public',
      language: 'en',
      direction: 'ltr',
      currency: 'USD',
      settings: {},
      menus: {},
      header: {},
      footer: {},
      theme: {},
      notices: {},
      scripts: '',
      plugins: [],
    },
    viewer: null,
    path: route.kind === 'static' ? route.path : '/',
    route,
    seo: { title: 'Lectern', description: 'The platform', url: 'https://lectern.test/', image: null, type: 'website', noindex: false },
    recentPosts: [],
    plans: specPlans(),
    installedPlugins: [...EVERY_PLUGIN],
    colorScheme: 'light',
    ...overrides,
  };
}

/** A published page or post whose document holds `content`. */
export function contentItem(type: 'page' | 'post', slug: string, title: string, content: SiteContentItem['document']['content']): SiteContentItem {
  return {
    id: `${type}-${slug}`,
    type,
    slug,
    title,
    excerpt: '',
    document: { root: { props: {} }, content },
    settings: {},
    seo: {},
    authorName: 'Team',
    publishedAt: '2025-03-01T10:00:00Z',
    updatedAt: '2025-03-01T10:00:00Z',
    categories: [],
    tags: [],
  };
}

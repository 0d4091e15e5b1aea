import { contentStore } from '../content/content-store.js';
import type { AnyDb } from '../db/database.js';
import { escapeHtml } from '../mail/template.js';
import { block, documentOf } from '../seed/demo-site.js';

/** What the owner said they will do first; it decides what the starter home page leads with. */
export const STARTER_TEMPLATES = ['school', 'shop', 'blog'] as const;
export type StarterTemplate = (typeof STARTER_TEMPLATES)[number];

const LEADS: Record<StarterTemplate, { subtitle: string; cta: string; menu: string; url: string; grid: Parameters<typeof block> }> = {
  school: {
    subtitle: 'Courses that fit your week: learn at your own pace, with real feedback from your teacher.',
    cta: 'See the courses',
    menu: 'Courses',
    url: '/course',
    grid: ['CourseGrid', { title: 'Courses', count: 3, category: '' }],
  },
  shop: {
    subtitle: 'Things we make with care, ready to order today.',
    cta: 'Visit the shop',
    menu: 'Shop',
    url: '/shop',
    grid: ['ProductGrid', { title: 'New in the shop', mode: 'newest', count: 3, products: [] }],
  },
  blog: {
    subtitle: 'Ideas, notes and news, as we write them.',
    cta: 'Read the blog',
    menu: 'Blog',
    url: '/blog',
    grid: ['PostList', { title: 'Latest posts', count: 6, emptyText: 'The first post is on its way.', moreLabel: 'All posts' }],
  },
};

const menuItem = (id: string, label: string, url: string) => ({ id, parent: null, data: { menuItem: { label, item_url: url, item_type: 'plain' } } });

/**
 * A new site's first content, so its address shows a real site from the first minute instead of a
 * blank one: a home page in the site's name led by what the owner does (courses, products or
 * posts), an about page, a first post, and a header menu and footer that link them. The owner
 * edits or deletes every piece in the visual editor. Blocks of a plugin the account lacks draw
 * nothing, so a school without the LMS still shows a sound page.
 */
export async function seedStarterSite(db: AnyDb, input: { accountId: string; authorId: string; siteName: string; template: StarterTemplate }): Promise<void> {
  const { accountId, authorId, siteName } = input;
  const lead = LEADS[input.template];
  const home = await contentStore.create(db, accountId, authorId, 'page', {
    title: 'Home',
    slug: 'home',
    document: documentOf(
      block('Hero', { title: `Welcome to ${siteName}`, subtitle: lead.subtitle, ctaLabel: lead.cta, ctaUrl: lead.url, backgroundImage: '', align: 'center' }),
      block(...lead.grid),
      block('CallToAction', { title: 'Join us', text: `Create your free account at ${siteName}.`, buttonLabel: 'Sign up', buttonUrl: '/signup' }),
    ),
  });
  const about = await contentStore.create(db, accountId, authorId, 'page', {
    title: 'About',
    slug: 'about',
    excerpt: `Who we are at ${siteName}.`,
    document: documentOf(
      block('Heading', { text: `About ${siteName}`, level: 'h1', align: 'left' }),
      block('RichText', {
        html: '<p>Tell your visitors who you are, what you teach or sell, and why it matters to you. Edit this page in the visual editor.</p>',
      }),
    ),
  });
  const post = await contentStore.create(db, accountId, authorId, 'post', {
    title: `${siteName} is open`,
    slug: 'hello',
    excerpt: 'Our first post.',
    document: documentOf(block('RichText', { html: `<p>Welcome to ${escapeHtml(siteName)}! This is our first post: news and updates will appear here.</p>` })),
  });
  for (const [type, id] of [
    ['page', home],
    ['page', about],
    ['post', post],
  ] as const)
    await contentStore.publish(db, accountId, type, id);
  await db
    .updateTable('accounts')
    .set({
      menus: JSON.stringify({
        header: [menuItem('home', 'Home', '/'), menuItem('lead', lead.menu, lead.url), menuItem('about', 'About', '/about')],
        mobile: [],
      }),
      footer: JSON.stringify({
        footer_style: 'default',
        footer_columns: [],
        footer_bottom: `<p>© ${escapeHtml(siteName)}</p>`,
        footer_bottom_links: [{ label: 'About', url: '/about' }],
      }),
    })
    .where('id', '=', accountId)
    .execute();
}

import { contentStore, type PuckDocument } from '../content/content-store.js';
import { termStore } from '../content/term-store.js';
import type { AnyDb } from '../db/database.js';

type Block = PuckDocument['content'][number];
let ids = 0;
/** Puck gives every block an id; stable ones keep the seeded documents readable in the editor. */
export const block = (type: string, props: Record<string, unknown>): Block => ({ type, props: { id: `${type}-seed-${++ids}`, ...props } });
export const documentOf = (...content: Block[]): PuckDocument => ({ root: { props: {} }, content });

/** The demo tenant's site settings: a header with menus, a footer with columns, search and login on. */
export const DEMO_SITE_SECTIONS = {
  settings: {
    sitetitle: 'Demo Academy',
    description: 'Courses, community and coaching from the Demo Academy team.',
    logo_width: 4,
    defaultLanguage: 'en',
    currency: 'USD',
  },
  menus: {
    header: [
      { id: 'm1', parent: null, data: { menuItem: { label: 'Home', item_url: '/', item_type: 'plain' } } },
      { id: 'm4', parent: null, data: { menuItem: { label: 'Courses', item_url: '/course', item_type: 'plain' } } },
      { id: 'm2', parent: null, data: { menuItem: { label: 'Blog', item_url: '/blog', item_type: 'plain' } } },
      { id: 'm3', parent: null, data: { menuItem: { label: 'About', item_url: '/about', item_type: 'plain' } } },
    ],
    mobile: [],
  },
  header: {
    header_style: 'default',
    header_fix: true,
    header_fontsize: 16,
    header_darklight: true,
    header_search: true,
    header_cart: true,
    header_login: true,
  },
  footer: {
    footer_style: 'default',
    footer_columns: [
      {
        title: 'Learn',
        type: 'links',
        width: 4,
        data: [
          { label: 'Blog', url: '/blog' },
          { label: 'About us', url: '/about' },
        ],
      },
      {
        title: 'About the academy',
        type: 'text',
        width: 8,
        data: '<p>The Demo Academy shows what a site on Lectern looks like: pages, posts, courses and a community in one place.</p>',
      },
    ],
    footer_bottom: '<p>© Demo Academy</p>',
    footer_bottom_links: [{ label: 'Privacy', url: '/about' }],
  },
};

const POSTS = [
  {
    title: 'Welcome to the Demo Academy',
    slug: 'welcome',
    excerpt: 'What you will find here and how to get started.',
    text: '<p>Welcome! This blog shares news from the academy, study tips and stories from our students.</p>',
  },
  {
    title: 'Five habits of students who finish their courses',
    slug: 'five-study-habits',
    excerpt: 'Small routines that make a big difference.',
    text: '<p>Set a time, take notes by hand, review weekly, ask questions early and celebrate small wins.</p>',
  },
  {
    title: 'New: live sessions every Thursday',
    slug: 'live-sessions',
    excerpt: 'Join the team for questions and answers.',
    text: '<p>Every Thursday at 17:00 UTC we meet live to answer your questions about the courses.</p>',
  },
];

/**
 * The demo site's content: a home page built from the default theme's blocks, an about page and
 * three published posts in one category, so the public site, the blog, search and the visual
 * editor all have something to show from the first start.
 */
export async function seedDemoSiteContent(db: AnyDb, accountId: string, authorId: string): Promise<void> {
  const home = await contentStore.create(db, accountId, authorId, 'page', {
    title: 'Home',
    slug: 'home',
    document: documentOf(
      block('Hero', {
        title: 'Learn something new every week',
        subtitle: 'Short, practical courses from teachers who care — at your own pace.',
        ctaLabel: 'Browse courses',
        ctaUrl: '/course',
        backgroundImage: '',
        align: 'center',
      }),
      block('Features', {
        title: 'Why students choose us',
        items: [
          { title: 'Learn at your pace', text: 'Every lesson is yours to replay, whenever it suits you.' },
          { title: 'Real feedback', text: 'Instructors grade your work and answer your questions.' },
          { title: 'A certificate at the end', text: 'Finish a course and show what you have learned.' },
        ],
      }),
      // The LMS's block (the demo account has courses on); without the plugin it draws nothing.
      block('CourseGrid', { title: 'Popular courses', count: 3, category: '' }),
      // The shop's block (every site sells): the newest products, each with its add-to-cart button.
      block('ProductGrid', { title: 'From the shop', mode: 'newest', count: 3, products: [] }),
      block('PostList', { title: 'Latest posts', count: 3, emptyText: 'No posts yet — check back soon.', moreLabel: 'View all posts' }),
      block('CallToAction', {
        title: 'Ready to start?',
        text: 'Create your free account and join the academy today.',
        buttonLabel: 'Sign up',
        buttonUrl: '/signup',
      }),
    ),
  });
  const about = await contentStore.create(db, accountId, authorId, 'page', {
    title: 'About',
    slug: 'about',
    excerpt: 'Who we are and what we teach.',
    document: documentOf(
      block('Heading', { text: 'About the Demo Academy', level: 'h1', align: 'left' }),
      block('RichText', { html: '<p>We are a small team of teachers building short, practical courses. This site runs on Lectern.</p>' }),
    ),
  });
  for (const id of [home, about]) await contentStore.publish(db, accountId, 'page', id);

  const category = await termStore.create(db, accountId, { taxonomy: 'category', name: 'Updates', slug: 'updates' });
  for (const post of POSTS) {
    const id = await contentStore.create(db, accountId, authorId, 'post', {
      title: post.title,
      slug: post.slug,
      excerpt: post.excerpt,
      settings: { featured: post.slug === 'welcome' },
      categories: [category],
      document: documentOf(block('RichText', { html: post.text })),
    });
    await contentStore.publish(db, accountId, 'post', id);
  }
}

/** SPEC §9 "document pages": the platform's legal and policy pages, linked from its footer. */
const PLATFORM_DOCUMENTS = [
  {
    slug: 'privacy',
    title: 'Privacy policy',
    html: "<p>We collect only what we need to run your account and your site: your name, e-mail address, billing details and the content you upload. We never sell personal data. Site owners control their members' data and can export or delete it at any time from their dashboard.</p><p>Questions about privacy? Open a support ticket from your dashboard.</p>",
  },
  {
    slug: 'terms',
    title: 'Terms of service',
    html: '<p>By creating an account you agree to use the platform lawfully, to keep your sign-in details safe and to pay for the plan you choose. You own your content; you give us the right to host and show it on your site. We may suspend sites that break the law or these terms, and we tell you why.</p>',
  },
  {
    slug: 'ipp',
    title: 'Intellectual property policy',
    html: '<p>Respect the rights of others. If you believe content on a site hosted here infringes your copyright or trademark, send us the address of the page, the work you own and your contact details, and we will review it promptly and notify the site owner.</p>',
  },
  {
    slug: 'instructor',
    title: 'Instructor terms',
    html: "<p>Instructors publish courses on their academy's site under the academy owner's rules. You confirm you have the rights to what you teach, answer your students' questions in good faith and grade their work fairly.</p>",
  },
  {
    slug: 'gdpr',
    title: 'GDPR',
    html: '<p>For members in the European Union, each site owner is the data controller and we are their processor. We offer a data processing agreement, keep data in the region you choose where available, and help owners answer access, correction and deletion requests.</p>',
  },
  {
    slug: 'content',
    title: 'Content policy',
    html: '<p>Sites may not host illegal content, malware, harassment, or material that exploits anyone. Courses and posts must not mislead buyers. We review reports quickly and act in proportion, starting with a notice to the site owner.</p>',
  },
];

/** The platform's own site: its legal pages and its blog (the provider site's /blog), two announcement posts. */
export async function seedPlatformSite(db: AnyDb, accountId: string, authorId: string): Promise<void> {
  for (const page of PLATFORM_DOCUMENTS) {
    const id = await contentStore.create(db, accountId, authorId, 'page', {
      title: page.title,
      slug: page.slug,
      document: documentOf(block('Heading', { text: page.title, level: 'h1', align: 'left' }), block('RichText', { html: page.html })),
    });
    await contentStore.publish(db, accountId, 'page', id);
  }
  const posts = [
    {
      title: 'Introducing Lectern',
      slug: 'introducing-lectern',
      excerpt: 'One platform for your courses, memberships, products and community.',
      text: '<p>Lectern brings courses, memberships, products, a blog, funnels and automations together on a site that is yours.</p>',
    },
    {
      title: 'Visual editing for every page',
      slug: 'visual-editing',
      excerpt: 'Build pages with drag-and-drop blocks and publish in one click.',
      text: '<p>The visual editor lets you build pages and posts from blocks, preview drafts and schedule publishing.</p>',
    },
  ];
  for (const post of posts) {
    const id = await contentStore.create(db, accountId, authorId, 'post', {
      title: post.title,
      slug: post.slug,
      excerpt: post.excerpt,
      settings: { featured: false },
      document: documentOf(block('RichText', { html: post.text })),
    });
    await contentStore.publish(db, accountId, 'post', id);
  }
}

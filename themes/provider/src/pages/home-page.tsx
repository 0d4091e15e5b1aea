import type { SitePostSummary } from '@lectern/sdk';
import { CallToAction, PageHero, PointGrid, Section, type Point } from './sections.js';
import { PostCards } from './post-cards.js';

const VALUE_POINTS: readonly Point[] = [
  {
    title: 'Your site, your brand',
    text: 'Design pages, your header and your footer in a visual editor, on your own domain, in light or dark, in any of 20 languages.',
  },
  {
    title: 'Courses people finish',
    text: 'Build a curriculum of sections, lessons, quizzes and assignments. Students see their progress and earn certificates.',
  },
  { title: 'Sell without a second tool', text: 'Products, memberships and subscriptions with a cart, coupons and checkout built into the same site.' },
  { title: 'Marketing that runs itself', text: 'Forms, popups, funnels, mailing lists, email campaigns and automations turn visitors into students.' },
  { title: 'Partners who sell for you', text: 'Affiliates share their link and earn a flat or percentage commission on every sale they bring.' },
  { title: 'A community around it', text: 'Groups, activity, messages, live meetings and points keep members coming back.' },
];

const STEPS: readonly Point[] = [
  { title: '1. Create your account', text: 'Sign up and your site is live at once on its own address, with a free trial on every subscription plan.' },
  { title: '2. Make it yours', text: 'Pick your logo, colours, fonts and menus, and shape your home page with ready-made blocks.' },
  { title: '3. Publish and sell', text: 'Add your first course or product, publish it, and share the link. Payments, email and progress are handled.' },
];

export function HomePage({ siteName, signedIn, posts }: { siteName: string; signedIn: boolean; posts: readonly SitePostSummary[] }) {
  return (
    <>
      <PageHero
        title="Teach, sell and grow from one site"
        lead={`${siteName} gives you a fast website with courses, memberships, a store, a blog and the marketing tools to fill them, without stitching a dozen plugins together.`}
      >
        <a className="button button--primary" href={signedIn ? '/dashboard' : '/signup'}>
          {signedIn ? 'Go to your dashboard' : 'Start your free trial'}
        </a>
        <a className="button button--ghost" href="/pricing">
          See pricing
        </a>
      </PageHero>
      <Section
        title="Everything in one place"
        intro="One sign-in, one set of members, one bill. Every part knows about the others, so an order can enrol a student and a finished course can start an email."
      >
        <PointGrid points={VALUE_POINTS} />
      </Section>
      <Section title="Open your doors this week">
        <PointGrid points={STEPS} />
      </Section>
      {posts.length > 0 && (
        <Section title="From the blog">
          <PostCards posts={posts.slice(0, 3)} />
        </Section>
      )}
      <CallToAction
        signedIn={signedIn}
        title="Ready when you are"
        text="Try every feature of your plan free for the trial period. No code, no servers, no plugins to update."
      />
    </>
  );
}

import type { SitePostSummary } from '@lectern/sdk';
import { isOffered, offered, type Installed } from './offer.js';
import { CallToAction, PageHero, PointGrid, Section, type Point } from './sections.js';
import { PostCards } from './post-cards.js';

const VALUE_POINTS: readonly Point[] = [
  {
    title: 'Your site, your brand',
    text: 'Design pages, your header and your footer in a visual editor, on your own domain, in light or dark, in any of 20 languages.',
  },
  {
    title: 'Courses people finish',
    needs: ['lms'],
    text: 'Build a curriculum of sections, lessons, quizzes and assignments. Students see their progress and earn certificates.',
  },
  {
    title: 'Sell without a second tool',
    needs: ['ecommerce'],
    text: 'Products, memberships and subscriptions with a cart, coupons and checkout built into the same site.',
  },
  {
    title: 'Marketing that runs itself',
    needs: ['forms', 'campaigns', 'automations'],
    text: 'Forms, popups, funnels, mailing lists, email campaigns and automations turn visitors into students.',
  },
  {
    title: 'Partners who sell for you',
    needs: ['affiliates'],
    text: 'Affiliates share their link and earn a flat or percentage commission on every sale they bring.',
  },
  { title: 'A community around it', needs: ['groups'], text: 'Groups, activity, messages, live meetings and points keep members coming back.' },
];

const STEPS: readonly Point[] = [
  { title: '1. Create your account', text: 'Sign up and your site is live at once on its own address, with a free trial on every subscription plan.' },
  { title: '2. Make it yours', text: 'Pick your logo, colours, fonts and menus, and shape your home page with ready-made blocks.' },
  { title: '3. Publish and sell', text: 'Add your first course or product, publish it, and share the link. Payments, email and progress are handled.' },
];

/** What the hero names, in order, each with what makes it true. */
const PARTS: ReadonlyArray<{ text: string; needs?: readonly string[] }> = [
  { text: 'courses', needs: ['lms'] },
  { text: 'memberships', needs: ['ecommerce'] },
  { text: 'a store', needs: ['ecommerce'] },
  { text: 'a blog' },
  { text: 'the marketing tools to fill them', needs: ['forms', 'campaigns'] },
];

function listed(parts: readonly string[]): string {
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

export function HomePage({
  siteName,
  signedIn,
  posts,
  installed,
}: {
  siteName: string;
  signedIn: boolean;
  posts: readonly SitePostSummary[];
  installed: Installed;
}) {
  const parts = PARTS.filter((part) => isOffered(part, installed)).map((part) => part.text);
  return (
    <>
      <PageHero
        title="Teach, sell and grow from one site"
        lead={`${siteName} gives you a fast website with ${listed(parts)}, without stitching a dozen plugins together.`}
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
        <PointGrid points={offered(VALUE_POINTS, installed)} />
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

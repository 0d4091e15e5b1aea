import { offered, type Installed } from './offer.js';
import { CallToAction, PageHero, PointGrid, Section, type Point } from './sections.js';

const AREAS: ReadonlyArray<{ title: string; intro: string; points: readonly Point[] }> = [
  {
    title: 'Your website',
    intro: 'A fast, search-friendly site that you edit visually and that looks right on every screen.',
    points: [
      {
        title: 'Visual editor',
        text: 'Lay out pages and posts, your header and your footer by dragging blocks. Save drafts, schedule publishing and restore earlier versions.',
      },
      { title: 'Blog', text: 'Posts with categories and tags, an RSS feed and a sitemap so readers and search engines find new writing.' },
      { title: 'Search', text: 'Visitors search courses, posts, pages and members from one box.' },
      { title: 'Your domain', text: 'Start on a free address and move to your own domain when you are ready.' },
    ],
  },
  {
    title: 'Learning',
    intro: 'Everything an instructor needs to teach online and everything a student needs to keep going.',
    points: [
      { title: 'Courses', needs: ['lms'], text: 'Sections, lessons, quizzes and assignments, with drip release, enrolment periods and evaluation.' },
      { title: 'Progress', needs: ['lms'], text: 'Students pick up where they left off and see how far they have come; instructors see who is stuck.' },
      { title: 'Certificates', needs: ['lms'], text: 'Award a certificate of your own design the moment a course is completed.' },
      { title: 'Live classes', needs: ['appointments'], text: 'Schedule meetings and bookings, with Zoom when you switch it on.' },
    ],
  },
  {
    title: 'Selling',
    intro: 'Take payments for what you make, on the same site, with your currency.',
    points: [
      {
        title: 'Products and memberships',
        needs: ['ecommerce'],
        text: 'One-off products, memberships that unlock content, and subscriptions that renew on their own.',
      },
      {
        title: 'Cart and checkout',
        needs: ['ecommerce'],
        text: 'A cart, coupons with fixed or percentage discounts, cross-sells and upsells, and a checkout without distractions.',
      },
      { title: 'Funnels', needs: ['funnels'], text: 'Connect pages, forms, offers and checkout into a funnel and see where visitors drop off.' },
      { title: 'Affiliates', needs: ['affiliates'], text: 'Members share a referral link and earn commissions that you approve and pay out.' },
    ],
  },
  {
    title: 'Marketing and community',
    intro: 'Bring visitors in, keep members engaged, and let the routine work run by itself.',
    points: [
      { title: 'Forms and popups', needs: ['forms', 'popups'], text: 'Capture leads anywhere on the site and send them straight to a mailing list.' },
      { title: 'Email', needs: ['campaigns'], text: 'Mailing lists, campaigns and course emails sent from your own site.' },
      {
        title: 'Automations',
        needs: ['automations'],
        text: 'When something happens, such as a sign-up, a purchase or a finished lesson, the right action follows.',
      },
      { title: 'Groups and gamification', needs: ['groups', 'gamification'], text: 'Groups, activity, messages and points that reward progress.' },
    ],
  },
];

export function ProductPage({ signedIn, installed }: { signedIn: boolean; installed: Installed }) {
  const areas = AREAS.map((area) => ({ ...area, points: offered(area.points, installed) })).filter((area) => area.points.length > 0);
  return (
    <>
      <PageHero
        title="One product for your whole online business"
        lead="Your site, your courses, your store and your marketing share one set of members and one dashboard. Nothing to connect, nothing to keep in sync."
      />
      {areas.map((area) => (
        <Section key={area.title} title={area.title} intro={area.intro}>
          <PointGrid points={area.points} />
        </Section>
      ))}
      <Section
        title="Run it from one dashboard"
        intro="Owners, admins, instructors and students each see what their role allows. Reports show members, sales and engagement; support tickets reach our team from inside the dashboard."
      >
        <a className="button button--ghost" href="/features">
          See every feature
        </a>
      </Section>
      <CallToAction signedIn={signedIn} title="See it with your own content" text="Start a free trial, import your first course and publish it today." />
    </>
  );
}

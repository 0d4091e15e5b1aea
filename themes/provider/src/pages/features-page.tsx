import { CallToAction, PageHero, Section } from './sections.js';

const GROUPS: ReadonlyArray<{ title: string; features: readonly string[] }> = [
  {
    title: 'Site and content',
    features: [
      'Visual page editor with reusable blocks',
      'Drafts, scheduled publishing and revision history',
      'Blog with categories, tags and RSS',
      'Media library',
      'Header and mega menus, footer columns',
      '17 font families, light and dark themes',
      'Header and footer notices, cookie consent',
      'Site-wide search',
      'Sitemap, robots.txt and social sharing tags',
    ],
  },
  {
    title: 'E-learning',
    features: [
      'Courses with sections and lessons',
      'Quizzes and assignments with evaluation',
      'Drip lessons and enrolment periods',
      'Progress tracking',
      'Certificates (add-on)',
      'Instructor tools',
      'AI help writing lessons and quiz questions',
    ],
  },
  {
    title: 'E-commerce',
    features: [
      'Products, memberships and subscriptions',
      'Cart and checkout',
      'Coupons with fixed or percentage discounts',
      'Cross-sells and upsells',
      'Orders and billing',
      'Many currencies',
    ],
  },
  {
    title: 'Marketing',
    features: [
      'Forms and popups',
      'Mailing lists and contacts',
      'Email campaigns',
      'Funnels with drop-off reports',
      'Automations with triggers, conditions and actions',
      'Affiliates and commissions',
    ],
  },
  {
    title: 'Community',
    features: [
      'Groups and activity',
      'Messages and online members',
      'Meetings and Zoom (add-on)',
      'Appointments and bookings',
      'Points and gamification (add-on)',
      'Notifications',
    ],
  },
  {
    title: 'Running your business',
    features: [
      'Roles and permissions for your team',
      'Reports on members, sales and engagement',
      'Support tickets',
      '20 languages, including right-to-left Arabic',
      'Installable web app for your site',
      'Sign in with password, one-time codes or social accounts',
    ],
  },
];

export function FeaturesPage({ signedIn }: { signedIn: boolean }) {
  return (
    <>
      <PageHero
        title="Features"
        lead="Everything below comes with the platform. Add-ons switch on from your dashboard when you need them; your plan decides which ones are included."
      />
      <div className="feature-groups">
        {GROUPS.map((group) => (
          <Section key={group.title} title={group.title}>
            <ul className="check-list">
              {group.features.map((feature) => (
                <li key={feature}>{feature}</li>
              ))}
            </ul>
          </Section>
        ))}
      </div>
      <CallToAction
        signedIn={signedIn}
        title="Compare the plans"
        text="See what each plan includes, with limits and prices side by side."
        action={{ href: '/pricing', label: 'See pricing' }}
      />
    </>
  );
}

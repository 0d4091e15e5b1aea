import { offered, type Installed, type Offered } from './offer.js';
import { CallToAction, PageHero, Section } from './sections.js';

interface Feature extends Offered {
  text: string;
}

const GROUPS: ReadonlyArray<{ title: string; features: readonly Feature[] }> = [
  {
    title: 'Site and content',
    features: [
      { text: 'Visual page editor with reusable blocks' },
      { text: 'Drafts, scheduled publishing and revision history' },
      { text: 'Blog with categories, tags and RSS' },
      { text: 'Media library' },
      { text: 'Header and mega menus, footer columns' },
      { text: '17 font families, light and dark themes' },
      { text: 'Header and footer notices, cookie consent' },
      { text: 'Site-wide search' },
      { text: 'Sitemap, robots.txt and social sharing tags' },
    ],
  },
  {
    title: 'E-learning',
    features: [
      { text: 'Courses with sections and lessons', needs: ['lms'] },
      { text: 'Quizzes and assignments with evaluation', needs: ['lms'] },
      { text: 'Drip lessons and enrolment periods', needs: ['lms'] },
      { text: 'Progress tracking', needs: ['lms'] },
      { text: 'Certificates (add-on)', needs: ['lms'] },
      { text: 'Instructor tools', needs: ['lms'] },
      { text: 'AI help writing lessons and quiz questions', needs: ['lms', 'ai'] },
    ],
  },
  {
    title: 'E-commerce',
    features: [
      { text: 'Products, memberships and subscriptions', needs: ['ecommerce'] },
      { text: 'Cart and checkout', needs: ['ecommerce'] },
      { text: 'Coupons with fixed or percentage discounts', needs: ['ecommerce'] },
      { text: 'Cross-sells and upsells', needs: ['ecommerce'] },
      { text: 'Orders and billing', needs: ['ecommerce'] },
      { text: 'Many currencies', needs: ['ecommerce'] },
    ],
  },
  {
    title: 'Marketing',
    features: [
      { text: 'Forms and popups', needs: ['forms', 'popups'] },
      { text: 'Mailing lists and contacts', needs: ['mailing-lists'] },
      { text: 'Email campaigns', needs: ['campaigns'] },
      { text: 'Funnels with drop-off reports', needs: ['funnels'] },
      { text: 'Automations with triggers, conditions and actions', needs: ['automations'] },
      { text: 'Affiliates and commissions', needs: ['affiliates'] },
    ],
  },
  {
    title: 'Community',
    features: [
      { text: 'Groups and activity', needs: ['groups'] },
      { text: 'Messages and online members', needs: ['groups'] },
      { text: 'Meetings and Zoom (add-on)', needs: ['zoom'] },
      { text: 'Appointments and bookings', needs: ['appointments'] },
      { text: 'Points and gamification (add-on)', needs: ['gamification'] },
      { text: 'Notifications' },
    ],
  },
  {
    title: 'Running your business',
    features: [
      { text: 'Roles and permissions for your team' },
      { text: 'Reports on members, sales and engagement' },
      { text: 'Support tickets' },
      { text: '20 languages, including right-to-left Arabic' },
      { text: 'Installable web app for your site' },
      { text: 'Sign in with password, one-time codes or social accounts' },
    ],
  },
];

export function FeaturesPage({ signedIn, installed }: { signedIn: boolean; installed: Installed }) {
  const groups = GROUPS.map((group) => ({ ...group, features: offered(group.features, installed) })).filter((group) => group.features.length > 0);
  return (
    <>
      <PageHero
        title="Features"
        lead="Everything below comes with the platform. Add-ons switch on from your dashboard when you need them; your plan decides which ones are included."
      />
      <div className="feature-groups">
        {groups.map((group) => (
          <Section key={group.title} title={group.title}>
            <ul className="check-list">
              {group.features.map((feature) => (
                <li key={feature.text}>{feature.text}</li>
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

import { offered, type Installed, type Offered } from './offer.js';
import { CallToAction, PageHero, Section } from './sections.js';

interface Line extends Offered {
  text: string;
}

const CASES: ReadonlyArray<Offered & { title: string; who: string; how: readonly Line[] }> = [
  {
    title: 'Course creators',
    needs: ['lms'],
    who: 'You teach what you know and want students to pay, learn and come back for the next course.',
    how: [
      { text: 'Sell courses one by one or in a membership', needs: ['lms', 'ecommerce'] },
      { text: 'Drip lessons and keep students on track with progress and certificates', needs: ['lms'] },
      { text: 'Grow your list with forms, popups and a welcome automation', needs: ['forms', 'popups', 'automations'] },
    ],
  },
  {
    title: 'Schools and academies',
    needs: ['lms'],
    who: 'You run classes with instructors, timetables and families who want to know how things are going.',
    how: [
      { text: 'Give instructors their own course tools and evaluation', needs: ['lms'] },
      { text: 'Track attendance and timed lessons', needs: ['attendance'] },
      { text: 'Let parents follow their children’s progress', needs: ['parents'] },
    ],
  },
  {
    title: 'Coaches and consultants',
    needs: ['appointments'],
    who: 'You sell your time as sessions and programmes, and your calendar is your product.',
    how: [
      { text: 'Take bookings and appointments on your site', needs: ['appointments'] },
      { text: 'Hold sessions live in Zoom from the member dashboard', needs: ['zoom'] },
      { text: 'Package sessions with a course and sell them as one offer', needs: ['appointments', 'lms', 'ecommerce'] },
    ],
  },
  {
    title: 'Membership communities',
    needs: ['ecommerce'],
    who: 'Your members pay to belong, and they stay for the people as much as the content.',
    how: [
      { text: 'Unlock content by membership level', needs: ['ecommerce'] },
      { text: 'Groups, activity feeds and messages keep the conversation on your site', needs: ['groups'] },
      { text: 'Points reward the members who take part', needs: ['gamification'] },
    ],
  },
  {
    title: 'Customer and team training',
    needs: ['lms'],
    who: 'You onboard customers or train staff and need to know who completed what.',
    how: [
      { text: 'Enrol people in the courses they need and follow their progress', needs: ['lms'] },
      { text: 'Report on course progress and quiz results', needs: ['lms'] },
      { text: 'Issue certificates for compliance records', needs: ['lms'] },
    ],
  },
  {
    title: 'Writers and publishers',
    who: 'You publish regularly and want your readers to become subscribers and customers.',
    how: [
      { text: 'A fast blog with categories, tags and an RSS feed' },
      { text: 'Email campaigns to your mailing lists', needs: ['campaigns'] },
      { text: 'Sell guides, templates and courses next to your writing', needs: ['ecommerce'] },
    ],
  },
];

export function UseCasesPage({ signedIn, installed }: { signedIn: boolean; installed: Installed }) {
  const cases = offered(CASES, installed)
    .map((useCase) => ({ ...useCase, how: offered(useCase.how, installed) }))
    .filter((useCase) => useCase.how.length > 0);
  return (
    <>
      <PageHero
        title="Built for people who teach, coach and sell"
        lead="Whatever you share with the world, the same platform adapts to how you work. Here is how others use it."
      />
      {cases.map((useCase) => (
        <Section key={useCase.title} title={useCase.title} intro={useCase.who}>
          <ul className="check-list">
            {useCase.how.map((line) => (
              <li key={line.text}>{line.text}</li>
            ))}
          </ul>
        </Section>
      ))}
      <CallToAction
        signedIn={signedIn}
        title="Find your fit"
        text="Every subscription plan starts with a free trial, so you can try your own use case before you pay."
      />
    </>
  );
}

import { CallToAction, PageHero, Section } from './sections.js';

const CASES: ReadonlyArray<{ title: string; who: string; how: readonly string[] }> = [
  {
    title: 'Course creators',
    who: 'You teach what you know and want students to pay, learn and come back for the next course.',
    how: [
      'Sell courses one by one or in a membership',
      'Drip lessons and keep students on track with progress and certificates',
      'Grow your list with forms, popups and a welcome automation',
    ],
  },
  {
    title: 'Schools and academies',
    who: 'You run classes with instructors, timetables and families who want to know how things are going.',
    how: ['Give instructors their own course tools and evaluation', 'Track attendance and timed lessons', 'Let parents follow their children’s progress'],
  },
  {
    title: 'Coaches and consultants',
    who: 'You sell your time as sessions and programmes, and your calendar is your product.',
    how: [
      'Take bookings and appointments on your site',
      'Hold sessions live in Zoom from the member dashboard',
      'Package sessions with a course and sell them as one offer',
    ],
  },
  {
    title: 'Membership communities',
    who: 'Your members pay to belong, and they stay for the people as much as the content.',
    how: [
      'Unlock content by membership level',
      'Groups, activity feeds and messages keep the conversation on your site',
      'Points reward the members who take part',
    ],
  },
  {
    title: 'Customer and team training',
    who: 'You onboard customers or train staff and need to know who completed what.',
    how: [
      'Enrol people in the courses they need and follow their progress',
      'Report on course progress and quiz results',
      'Issue certificates for compliance records',
    ],
  },
  {
    title: 'Writers and publishers',
    who: 'You publish regularly and want your readers to become subscribers and customers.',
    how: [
      'A fast blog with categories, tags and an RSS feed',
      'Email campaigns to your mailing lists',
      'Sell guides, templates and courses next to your writing',
    ],
  },
];

export function UseCasesPage({ signedIn }: { signedIn: boolean }) {
  return (
    <>
      <PageHero
        title="Built for people who teach, coach and sell"
        lead="Whatever you share with the world, the same platform adapts to how you work. Here is how others use it."
      />
      {CASES.map((useCase) => (
        <Section key={useCase.title} title={useCase.title} intro={useCase.who}>
          <ul className="check-list">
            {useCase.how.map((line) => (
              <li key={line}>{line}</li>
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

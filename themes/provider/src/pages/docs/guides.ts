/**
 * The add-on guides (SPEC §2 "Add-on docs"): what each add-on does, which plans include it and
 * how to switch it on under /dashboard/addons. Plans follow the catalogue: Starter and LifeTime
 * include the certificate and Zoom add-ons; Professional and Dedicated include every add-on.
 */
export interface Guide {
  path: string;
  title: string;
  intro: string;
  does: readonly string[];
  plans: string;
  /** Name of the add-on's switch on the Add-ons screen. */
  switchName: string;
  /** What to do once it is on. */
  next: readonly string[];
  tip?: string;
}

const EVERY_PLAN = 'Included on every plan: Starter, Professional, Dedicated and LifeTime.';
const GROWTH_PLANS = 'Included on Professional and Dedicated. On Starter or LifeTime, upgrade from Billing in your dashboard first.';

export const GUIDES: readonly Guide[] = [
  {
    path: '/docs/certificate-builder',
    title: 'Certificate builder',
    intro: 'Give students a certificate they can keep and share when they complete a course. You design it once and it is issued automatically.',
    does: [
      'Lets you design certificates with your logo, colours and text, plus the student’s name, the course title and the completion date filled in for you.',
      'Issues the certificate the moment a student completes the course, and emails them that it is ready.',
      'Keeps every issued certificate in the student’s dashboard so they can download it again later.',
    ],
    plans: EVERY_PLAN,
    switchName: 'Certificates',
    next: [
      'Open the course under Instructor in your dashboard and go to its settings.',
      'Create a certificate design, or pick one you made before, and attach it to the course.',
      'Save the course. Students who complete it from now on receive the certificate.',
    ],
    tip: 'Turn on the “certificate earned” email under your email touchpoints if you want students to be told by email as well.',
  },
  {
    path: '/docs/zoom',
    title: 'Zoom meetings',
    intro: 'Run live classes, office hours and coaching calls in Zoom while members find and join them from your site.',
    does: [
      'Connects your Zoom account so meetings you schedule on your site are created in Zoom.',
      'Lists upcoming meetings in each member’s dashboard under Meetings, with a join link when it is time.',
      'Works with courses and bookings, so a lesson or an appointment can carry its own meeting.',
    ],
    plans: EVERY_PLAN,
    switchName: 'Zoom',
    next: [
      'Open the add-on’s settings and connect the Zoom account that will host your meetings.',
      'Schedule a meeting from Meetings in your dashboard, or add one to a lesson or appointment.',
      'Members see it under Meetings and join with one click.',
    ],
  },
  {
    path: '/docs/gamification',
    title: 'Gamification',
    intro: 'Reward the behaviour you want: finishing lessons, passing quizzes and taking part. Points give members a reason to come back.',
    does: [
      'Awards points for actions such as completing lessons and courses.',
      'Shows each member their points total in the top bar and their history under Points in their dashboard.',
      'Shows a short celebration when a member earns points, so progress feels like progress.',
    ],
    plans: GROWTH_PLANS,
    switchName: 'Gamification',
    next: [
      'Go to Manage, then Gamification, to choose which actions earn points and how many.',
      'Members’ Points page appears in their dashboard menu once the add-on is on.',
    ],
    tip: 'Small, frequent rewards work better than large rare ones: a few points per lesson keeps people moving.',
  },
  {
    path: '/docs/forms',
    title: 'Forms',
    intro: 'Collect sign-ups, enquiries and applications on any page, and put every entry to work.',
    does: [
      'Builds forms from fields such as text, email, choices and consent boxes.',
      'Places a form on any page with the visual editor’s form block.',
      'Adds people who submit a form to a mailing list, and can start an automation with the “form submitted” trigger.',
    ],
    plans: 'Included on Professional and Dedicated as a built-in feature.',
    switchName: 'Marketing',
    next: [
      'Go to Manage, then Marketing, then Forms, and create your first form.',
      'Choose the mailing list new entries join.',
      'Open a page in the visual editor, add the form block and publish.',
    ],
  },
  {
    path: '/docs/drive',
    title: 'Drive',
    intro: 'Use the files you already keep in your cloud drive in lessons and on pages, without downloading and uploading them again.',
    does: [
      'Connects a cloud drive to your site’s media library.',
      'Lets you pick documents, slides, audio and video from the drive when you build a lesson or a page.',
      'Keeps the file where it is, so an update in the drive shows up on your site.',
    ],
    plans: GROWTH_PLANS,
    switchName: 'Drive',
    next: [
      'Open the add-on’s settings and connect your drive account.',
      'In the media library or a lesson, choose “From Drive” and pick a file.',
      'Check the file’s sharing settings in the drive so students are allowed to see it.',
    ],
  },
  {
    path: '/docs/automation',
    title: 'Automation',
    intro: 'Let the routine work run by itself. An automation waits for something to happen, checks your conditions and then acts.',
    does: [
      'Starts on a trigger, for example a user registering, a form being submitted, a course being completed, a payment succeeding or a cart being abandoned.',
      'Checks conditions before acting, for example that the member has a tag, has reached a course progress percentage or has a certain role. All conditions must hold.',
      'Runs actions in order: send an email, add or remove a tag, enrol in or remove from a course, grant or revoke a membership, add to a mailing list or call a webhook.',
    ],
    plans: GROWTH_PLANS,
    switchName: 'Automation',
    next: [
      'Go to Manage, then Marketing, then Automations, and create an automation.',
      'Pick the trigger, add any conditions, then add one or more actions.',
      'Save it switched on. It runs for every event from then on.',
    ],
    tip: 'A “time delay” step lets you space out a welcome series instead of sending every email at once.',
  },
  {
    path: '/docs/affiliates',
    title: 'Affiliates',
    intro: 'Turn your happiest students into partners. Affiliates share a link and earn a commission on the sales they bring.',
    does: [
      'Gives each affiliate a referral link and records the customers who arrive through it.',
      'Pays a flat amount or a percentage of each sale as commission, in your site’s currency.',
      'Lets you approve affiliates yourself or automatically, and choose whether a referral earns once or on every payment.',
    ],
    plans: GROWTH_PLANS,
    switchName: 'Affiliates',
    next: [
      'Go to Manage, then Marketing, then Affiliates, and set your commission type and value.',
      'Invite members to join, or let them apply; approved affiliates find their link and earnings under Affiliate in their profile menu.',
      'Review commissions as they come in and mark them paid.',
    ],
  },
];

export function findGuide(path: string): Guide | undefined {
  return GUIDES.find((guide) => guide.path === path);
}

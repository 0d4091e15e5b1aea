import type { CourseSettings, ItemType, QuestionType } from '../db/tables.js';
import type { CourseDuration } from '../courses/meta-store.js';

/**
 * The demo's two courses (issue 7, Build 8). Unit documents use the default theme's blocks:
 * Heading {text, level, align}, RichText {html}, Video {url, title}. Question data follows the
 * assessments part's shapes: single {options, correct: index}, truefalse {correct}, fill {answers}.
 */
export interface DemoQuestion {
  type: QuestionType;
  prompt: string;
  data: Record<string, unknown>;
  marks: number;
}

export interface DemoItem {
  post_type: ItemType;
  title: string;
  settings?: Record<string, unknown>;
  blocks?: Array<{ type: string; props: Record<string, unknown> }>;
  questions?: DemoQuestion[];
}

export interface DemoCourse {
  title: string;
  slug: string;
  excerpt: string;
  category: { name: string; slug: string };
  settings: CourseSettings;
  duration: CourseDuration | null;
  items: DemoItem[];
  /** The demo student is enrolled (status 1) in this one. */
  enrolStudent: boolean;
}

let blockCount = 0;
const block = (type: string, props: Record<string, unknown>) => ({ type, props: { id: `${type}-demo-${++blockCount}`, ...props } });
const heading = (text: string) => block('Heading', { text, level: 2, align: 'left' });
const text = (html: string) => block('RichText', { html });
// A storage path (bucket media) on the demo site itself: nothing is fetched from elsewhere.
const video = (title: string) => block('Video', { url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ', title, poster: '' });

export const DEMO_COURSES: DemoCourse[] = [
  {
    title: 'Web Design Foundations',
    slug: 'web-design-foundations',
    excerpt: 'Layout, type and colour for your first real website, one short unit at a time.',
    category: { name: 'Design', slug: 'design' },
    settings: { unitLock: true, evaluation: 'manual' },
    duration: { value: 90, parameter: 'day' },
    enrolStudent: true,
    items: [
      { post_type: 'section', title: 'Getting started' },
      {
        post_type: 'unit',
        title: 'Welcome to the course',
        settings: { duration: 300 },
        blocks: [heading('Welcome'), text('<p>In this course you build a <strong>one-page site</strong> from a blank file.</p>'), video('What we will build')],
      },
      {
        post_type: 'unit',
        title: 'Your toolkit',
        settings: { duration: 600 },
        blocks: [heading('What you need'), text('<ul><li>A text editor</li><li>A modern browser</li><li>Curiosity</li></ul>')],
      },
      { post_type: 'section', title: 'Layout' },
      {
        post_type: 'unit',
        title: 'Boxes and flow',
        settings: { duration: 900 },
        blocks: [
          heading('Everything is a box'),
          text('<p>Each element takes up a rectangle; <em>flow</em> decides where the next one goes.</p>'),
          video('The box model'),
        ],
      },
      {
        post_type: 'quiz',
        title: 'Layout check',
        settings: { time_limit: 600, retakes: 2, passing_mark: 60, evaluation: 'manual' },
        questions: [
          { type: 'single', prompt: 'Which property adds space inside the border?', data: { options: ['margin', 'padding', 'outline'], correct: 1 }, marks: 1 },
          { type: 'truefalse', prompt: 'Block elements start on a new line.', data: { correct: true }, marks: 1 },
          { type: 'fill', prompt: 'The CSS layout that places items in rows and columns is called ____.', data: { answers: ['grid', 'css grid'] }, marks: 1 },
        ],
      },
      { post_type: 'assignment', title: 'Sketch your page', settings: { submission: 'text', max_marks: 10 } },
    ],
  },
  {
    title: 'Public Speaking Essentials',
    slug: 'public-speaking-essentials',
    excerpt: 'Plan a talk, calm your nerves and hold a room, with practice after every unit.',
    category: { name: 'Communication', slug: 'communication' },
    settings: { unitLock: false, evaluation: 'auto' },
    duration: null,
    enrolStudent: false,
    items: [
      { post_type: 'section', title: 'Preparing' },
      {
        post_type: 'unit',
        title: 'Know your audience',
        settings: { duration: 480 },
        blocks: [heading('Who is listening?'), text('<p>Write down three things your audience already knows and one thing they need.</p>')],
      },
      {
        post_type: 'unit',
        title: 'Shape your message',
        settings: { duration: 600 },
        blocks: [heading('One idea, three supports'), text('<p>A talk people remember has <strong>one</strong> main idea.</p>'), video('Structuring a talk')],
      },
      { post_type: 'section', title: 'Delivering' },
      {
        post_type: 'quiz',
        title: 'Delivery basics',
        settings: { time_limit: 0, retakes: 1, passing_mark: 50, evaluation: 'auto' },
        questions: [
          {
            type: 'single',
            prompt: 'What helps most with nerves before a talk?',
            data: { options: ['Skipping rehearsal', 'Slow breathing', 'Speaking faster'], correct: 1 },
            marks: 1,
          },
          { type: 'truefalse', prompt: 'Pausing makes a speaker look unprepared.', data: { correct: false }, marks: 1 },
          { type: 'fill', prompt: 'Looking at listeners while speaking is called eye ____.', data: { answers: ['contact'] }, marks: 1 },
        ],
      },
      { post_type: 'assignment', title: 'Record a two-minute talk', settings: { submission: 'file', max_marks: 20 } },
    ],
  },
];

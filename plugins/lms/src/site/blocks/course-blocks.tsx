import { CourseCard } from '../course-card.js';
import { LmsStyles } from '../styles.js';
import { cardSlugOf, gridKey, gridSettings, GRID_MAX, type LmsBlockData } from './block-settings.js';

/** The `puck` prop our blocks read: the page's plugin data arrives as metadata. */
interface PuckProp {
  isEditing?: boolean;
  metadata?: { pluginData?: Record<string, unknown> };
}

const dataOf = (puck: PuckProp | undefined): LmsBlockData | null => {
  const data = puck?.metadata?.pluginData?.lms;
  return data !== null && typeof data === 'object' && 'grids' in data && 'cards' in data ? (data as LmsBlockData) : null;
};

/** In the editor no page data is loaded: the block says what it will show on the site. */
function Placeholder({ text }: { text: string }) {
  return (
    <div className="lms-block-placeholder" data-testid="lms-block-placeholder">
      <LmsStyles />
      {text}
    </div>
  );
}

interface GridProps {
  title?: string;
  count?: number;
  category?: string;
  puck?: PuckProp;
}

function CourseGridBlock({ title, count, category, puck }: GridProps) {
  const settings = gridSettings({ count, category });
  const data = dataOf(puck);
  if (data === null)
    return <Placeholder text={`Course grid: the ${settings.count} newest courses${settings.category === '' ? '' : ` in “${settings.category}”`}`} />;
  const courses = data.grids[gridKey(settings)] ?? [];
  return (
    <section className="container lms-grid" data-testid="course-grid">
      <LmsStyles />
      {title === undefined || title.trim() === '' ? null : <h2>{title}</h2>}
      {courses.length === 0 ? (
        <p>{data.words.empty}</p>
      ) : (
        <ul className="blog__posts">
          {courses.map((course) => (
            <CourseCard key={course.id} course={course} />
          ))}
        </ul>
      )}
    </section>
  );
}

interface CardProps {
  course?: string;
  puck?: PuckProp;
}

function CourseCardBlock({ course, puck }: CardProps) {
  const slug = cardSlugOf({ course });
  const data = dataOf(puck);
  if (data === null) return <Placeholder text={slug === '' ? 'Course card: choose a course by its slug' : `Course card: ${slug}`} />;
  const card = data.cards[slug];
  // A course taken down (or a mistyped slug) leaves no hole on the page.
  if (card === undefined) return null;
  return (
    <ul className="blog__posts lms-single" data-testid="course-card-block">
      <LmsStyles />
      <CourseCard course={card} />
    </ul>
  );
}

/** The LMS's Puck blocks (the visual editor and the site draw the same configs). */
export const courseBlocks = {
  CourseGrid: {
    label: 'Course grid',
    fields: {
      title: { type: 'text', label: 'Title' },
      count: { type: 'number', label: 'Courses', min: 1, max: GRID_MAX },
      category: { type: 'text', label: 'Category slug (empty: all)' },
    },
    defaultProps: { title: 'Courses', count: 6, category: '' },
    render: CourseGridBlock,
  },
  CourseCard: {
    label: 'Course card',
    fields: { course: { type: 'text', label: 'Course slug' } },
    defaultProps: { course: '' },
    render: CourseCardBlock,
  },
} as const;

export const courseBlockCategories = {
  courses: { title: 'Courses', components: ['CourseGrid', 'CourseCard'] },
};

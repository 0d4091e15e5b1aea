import type { PluginTranslate } from '@lectern/sdk';
import type { CourseView } from '../courses/course-store.js';
import type { CourseCardData } from './types.js';

/** A stored image path or URL, or null when the course has none. */
export function imageOf(featured: { image?: unknown } | null | undefined): string | null {
  const image = featured?.image;
  return typeof image === 'string' && image.trim() !== '' ? image : null;
}

/** The part of a course a card shows (no settings, ids of people, or dates), with its words in the site's language. */
export function cardOf(course: CourseView, t: PluginTranslate): CourseCardData {
  const authors = course.authors.map((a) => a.name).filter((name) => name.trim() !== '');
  return {
    id: course.id,
    slug: course.slug,
    title: course.title,
    excerpt: course.excerpt,
    image: imageOf(course.featured_image),
    authors,
    studentCount: course.student_count,
    categories: course.categories.map(({ name, slug }) => ({ name, slug })),
    words: {
      byline: authors.length === 0 ? null : t('card.by', { names: authors.join(', ') }),
      students: t('card.students', { count: course.student_count }),
      categories: t('card.categories'),
    },
  };
}

import type { CourseCardData } from './types.js';

export const courseHref = (slug: string) => `/course/${encodeURIComponent(slug)}`;
export const categoryHref = (slug: string) => `/course?category=${encodeURIComponent(slug)}`;

/** The course's image, or a neutral tile with its initial so cards keep one height. */
export function CourseImage({ title, image, className }: { title: string; image: string | null; className: string }) {
  if (image === null) {
    return (
      <div className={`${className} lms-card__placeholder`} aria-hidden="true">
        {title.trim().charAt(0).toUpperCase()}
      </div>
    );
  }
  return (
    <div className={className}>
      <img src={image} alt="" loading="lazy" decoding="async" />
    </div>
  );
}

/** A course in the catalogue: image, title, excerpt, authors, student count, categories. */
export function CourseCard({ course }: { course: CourseCardData }) {
  const href = courseHref(course.slug);
  return (
    <li className="blog-card lms-card" data-testid="course-card">
      <article>
        <a href={href} tabIndex={-1} aria-hidden="true">
          <CourseImage title={course.title} image={course.image} className="lms-card__image" />
        </a>
        <h2 className="blog-card__title">
          <a href={href}>{course.title}</a>
        </h2>
        <p className="blog-card__meta">
          {course.words.byline === null ? null : <span>{course.words.byline}</span>}
          <span>{course.words.students}</span>
        </p>
        {course.excerpt.trim() === '' ? null : <p className="blog-card__excerpt">{course.excerpt}</p>}
        {course.categories.length === 0 ? null : (
          <ul className="lms-tags" aria-label={course.words.categories}>
            {course.categories.map((category) => (
              <li key={category.slug}>
                <a className="chip" href={categoryHref(category.slug)}>
                  {category.name}
                </a>
              </li>
            ))}
          </ul>
        )}
      </article>
    </li>
  );
}

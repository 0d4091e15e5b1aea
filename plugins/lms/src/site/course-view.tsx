import { CourseActionPanel } from './course-action.js';
import { CourseImage, categoryHref, studentsLabel } from './course-card.js';
import { ItemType } from './item-type.js';
import { LmsStyles } from './styles.js';
import type { CoursePageData, OutlineSection } from './types.js';

function Outline({ sections }: { sections: OutlineSection[] }) {
  if (sections.length === 0) return <p data-testid="course-outline-empty">The curriculum is being prepared.</p>;
  return (
    <ol className="lms-outline" data-testid="course-outline">
      {sections.map((section) => (
        <li key={section.id} className="lms-outline__section">
          {section.title === null ? null : <h3>{section.title}</h3>}
          {section.items.length === 0 ? null : (
            <ol className="lms-outline__items">
              {section.items.map((item) => (
                <li key={item.id}>
                  <ItemType type={item.type} />
                  <span>{item.title}</span>
                </li>
              ))}
            </ol>
          )}
        </li>
      ))}
    </ol>
  );
}

const stars = (rating: number) => '★★★★★'.slice(0, rating) + '☆☆☆☆☆'.slice(0, 5 - rating);

function Reviews({ reviews }: { reviews: CoursePageData['reviews'] }) {
  return (
    <section aria-labelledby="lms-reviews-title" data-testid="course-reviews">
      <h2 id="lms-reviews-title">Reviews</h2>
      {reviews.count === 0 ? (
        <p>No reviews yet.</p>
      ) : (
        <>
          <p data-testid="course-rating">
            <span aria-hidden="true">{stars(Math.round(reviews.average ?? 0))}</span>{' '}
            {`${reviews.average ?? 0} out of 5 · ${reviews.count === 1 ? '1 review' : `${reviews.count} reviews`}`}
          </p>
          <ul className="lms-reviews">
            {reviews.items.map((review) => (
              <li key={review.id}>
                <p className="post__meta">
                  <span aria-label={`${review.rating} out of 5`}>{stars(review.rating)}</span> {review.name}
                </p>
                {review.content === '' ? null : <p>{review.content}</p>}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** A published course's landing page: what it is, who teaches it, what it covers, and how to join. */
export function CourseView({ data }: { data: unknown }) {
  const { course, outline, duration, action, reviews } = data as CoursePageData;
  const itemCount = outline.reduce((sum, section) => sum + section.items.length, 0);
  return (
    <article className="container lms-course" data-testid="course-page">
      <LmsStyles />
      <div>
        <header className="post__header">
          <h1 className="post__title">{course.title}</h1>
          {course.authors.length === 0 ? null : <p className="post__meta">{`By ${course.authors.join(', ')}`}</p>}
          {course.categories.length === 0 ? null : (
            <ul className="lms-tags" aria-label="Categories">
              {course.categories.map((category) => (
                <li key={category.slug}>
                  <a className="chip" href={categoryHref(category.slug)}>
                    {category.name}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </header>
        <CourseImage title={course.title} image={course.image} className="lms-course__image" />
        {course.excerpt.trim() === '' ? null : <p className="lms-course__excerpt">{course.excerpt}</p>}
        <section aria-labelledby="lms-outline-title">
          <h2 id="lms-outline-title">Course content</h2>
          <Outline sections={outline} />
        </section>
        <Reviews reviews={reviews} />
      </div>
      <aside className="lms-course__aside" aria-label="Enrolment">
        <dl className="lms-course__facts">
          <dt>Students</dt>
          <dd>{studentsLabel(course.studentCount)}</dd>
          <dt>Lessons</dt>
          <dd>{itemCount}</dd>
          <dt>Access</dt>
          <dd>{duration}</dd>
          {course.seatsLeft === null ? null : (
            <>
              <dt>Seats left</dt>
              <dd data-testid="course-seats">{course.seatsLeft}</dd>
            </>
          )}
        </dl>
        <CourseActionPanel action={action} />
      </aside>
    </article>
  );
}

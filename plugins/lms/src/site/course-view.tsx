import type { PluginTranslate } from '@lectern/sdk';
import { islandAttributes } from '@lectern/sdk/site';
import { CourseActionPanel } from './course-action.js';
import { WishlistButton } from './wishlist-button.js';
import { CourseImage, categoryHref } from './course-card.js';
import { ItemType } from './item-type.js';
import { LmsStyles } from './styles.js';
import type { CoursePageData, OutlineSection } from './types.js';

function Outline({ sections, t }: { sections: OutlineSection[]; t: PluginTranslate }) {
  if (sections.length === 0) return <p data-testid="course-outline-empty">{t('course.outlineEmpty')}</p>;
  return (
    <ol className="lms-outline" data-testid="course-outline">
      {sections.map((section) => (
        <li key={section.id} className="lms-outline__section">
          {section.title === null ? null : <h3>{section.title}</h3>}
          {section.items.length === 0 ? null : (
            <ol className="lms-outline__items">
              {section.items.map((item) => (
                <li key={item.id}>
                  <ItemType type={item.type} t={t} />
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

function Reviews({ reviews, t }: { reviews: CoursePageData['reviews']; t: PluginTranslate }) {
  return (
    <section aria-labelledby="lms-reviews-title" data-testid="course-reviews">
      <h2 id="lms-reviews-title">{t('reviews.title')}</h2>
      {reviews.count === 0 ? (
        <p>{t('reviews.none')}</p>
      ) : (
        <>
          <p data-testid="course-rating">
            <span aria-hidden="true">{stars(Math.round(reviews.average ?? 0))}</span>{' '}
            {t('reviews.summary', { average: reviews.average ?? 0, count: reviews.count })}
          </p>
          <ul className="lms-reviews">
            {reviews.items.map((review) => (
              <li key={review.id}>
                <p className="post__meta">
                  <span aria-label={t('reviews.rating', { rating: review.rating })}>{stars(review.rating)}</span> {review.name}
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
export function CourseView({ data, t }: { data: unknown; t: PluginTranslate }) {
  const { course, outline, duration, action, wishlist, reviews } = data as CoursePageData;
  const itemCount = outline.reduce((sum, section) => sum + section.items.length, 0);
  return (
    <article className="container lms-course" data-testid="course-page">
      <LmsStyles />
      <div>
        <header className="post__header">
          <h1 className="post__title">{course.title}</h1>
          {course.words.byline === null ? null : <p className="post__meta">{course.words.byline}</p>}
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
        </header>
        <CourseImage title={course.title} image={course.image} className="lms-course__image" />
        {course.excerpt.trim() === '' ? null : <p className="lms-course__excerpt">{course.excerpt}</p>}
        <section aria-labelledby="lms-outline-title">
          <h2 id="lms-outline-title">{t('course.content')}</h2>
          <Outline sections={outline} t={t} />
        </section>
        <Reviews reviews={reviews} t={t} />
      </div>
      <aside className="lms-course__aside" aria-label={t('course.enrolment')}>
        <dl className="lms-course__facts">
          <dt>{t('course.students')}</dt>
          <dd>{course.words.students}</dd>
          <dt>{t('course.lessons')}</dt>
          <dd>{itemCount}</dd>
          <dt>{t('course.access')}</dt>
          <dd>{duration}</dd>
          {course.seatsLeft === null ? null : (
            <>
              <dt>{t('course.seatsLeft')}</dt>
              <dd data-testid="course-seats">{course.seatsLeft}</dd>
            </>
          )}
        </dl>
        <CourseActionPanel action={action} t={t} />
        {wishlist === null ? null : (
          <div className="lms-wishlist-slot" {...islandAttributes('lms', 'wishlist', { courseId: course.id, ...wishlist })}>
            <WishlistButton saved={wishlist.saved} words={wishlist.words} />
          </div>
        )}
      </aside>
    </article>
  );
}

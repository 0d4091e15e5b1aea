import type { PluginTranslate } from '@lectern/sdk';
import { CourseCard } from './course-card.js';
import { LmsStyles } from './styles.js';
import type { CatalogueData } from './types.js';

/** `/course?page=N[&category=slug]`: keeps the filter across pages. */
export function cataloguePageHref(page: number, category: string | null): string {
  const query = new URLSearchParams();
  if (category !== null) query.set('category', category);
  if (page > 1) query.set('page', String(page));
  const text = query.toString();
  return text === '' ? '/course' : `/course?${text}`;
}

/** The course catalogue: a grid of cards, the category when filtered, and links to nearby pages. */
export function CatalogueView({ data, t }: { data: unknown; t: PluginTranslate }) {
  const { courses, total, page, perPage, category } = data as CatalogueData;
  const pages = Math.max(1, Math.ceil(total / Math.max(1, perPage)));
  const slug = category?.slug ?? null;
  return (
    <section className="blog container lms-catalogue" data-testid="course-catalogue">
      <LmsStyles />
      <h1 className="blog__title">{category === null ? t('catalogue.title') : t('catalogue.titleCategory', { name: category.name })}</h1>
      {category === null ? null : (
        <p>
          <a href="/course">{t('catalogue.all')}</a>
        </p>
      )}
      {courses.length === 0 ? (
        <p className="blog__empty" data-testid="course-catalogue-empty">
          {total === 0 ? t('catalogue.empty') : t('catalogue.emptyPage')}{' '}
          {total === 0 ? null : <a href={cataloguePageHref(1, slug)}>{t('catalogue.firstPage')}</a>}
        </p>
      ) : (
        <ul className="blog__posts">
          {courses.map((course) => (
            <CourseCard key={course.id} course={course} />
          ))}
        </ul>
      )}
      {pages > 1 && page <= pages ? (
        <nav className="pager" aria-label={t('catalogue.pages')} data-testid="course-pager">
          {page > 1 ? (
            <a className="button button--ghost" href={cataloguePageHref(page - 1, slug)} rel="prev">
              {t('catalogue.previous')}
            </a>
          ) : (
            <span />
          )}
          <span className="pager__status" aria-current="page">
            {t('catalogue.pageOf', { page, pages })}
          </span>
          {page < pages ? (
            <a className="button button--ghost" href={cataloguePageHref(page + 1, slug)} rel="next">
              {t('catalogue.next')}
            </a>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </section>
  );
}

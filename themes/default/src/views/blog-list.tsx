import type { SitePostSummary } from '@lectern/sdk';
import { useSite } from '../app/site-context.js';
import { ResponsiveImage } from '../blocks/index.js';
import { formatDate } from './format-date.js';

export interface BlogListProps {
  posts: SitePostSummary[];
  total: number;
  page: number;
  perPage: number;
  category: { name: string; slug: string } | null;
}

/** `/blog?page=N[&category=slug]`: keeps the filter across pages. */
export function blogPageHref(page: number, category: string | null): string {
  const query = new URLSearchParams();
  if (category !== null) query.set('category', category);
  if (page > 1) query.set('page', String(page));
  const text = query.toString();
  return text === '' ? '/blog' : `/blog?${text}`;
}

/** `/blog`: the posts of one page, the category's title when filtered, and links to the pages around it. */
export function BlogList({ posts, total, page, perPage, category }: BlogListProps) {
  const { t, data } = useSite();
  const pages = Math.max(1, Math.ceil(total / Math.max(1, perPage)));
  const current = Math.min(Math.max(1, Math.trunc(page) || 1), pages);
  const slug = category?.slug ?? null;
  return (
    <section className="blog container" data-testid="blog-list">
      <h1 className="blog__title">{category === null ? t('blog.title') : t('blog.category', { name: category.name })}</h1>
      {posts.length === 0 ? (
        <p className="blog__empty">{t('blog.empty')}</p>
      ) : (
        <ul className="blog__posts">
          {posts.map((post) => {
            const href = `/blog/${encodeURIComponent(post.slug)}`;
            const date = formatDate(post.publishedAt, data.shell.language);
            return (
              <li key={post.id} className="blog-card">
                <article>
                  {post.featuredImage === null || post.featuredImage === '' ? null : (
                    <a href={href} className="blog-card__image" tabIndex={-1} aria-hidden="true">
                      <ResponsiveImage src={post.featuredImage} alt="" sizes="(max-width: 768px) 100vw, 33vw" />
                    </a>
                  )}
                  <h2 className="blog-card__title">
                    <a href={href}>{post.title}</a>
                  </h2>
                  <p className="blog-card__meta">
                    {post.authorName.trim() === '' ? null : <span>{t('post.by', { author: post.authorName.trim() })}</span>}
                    {date === null || post.publishedAt === null ? null : <time dateTime={post.publishedAt}>{date}</time>}
                  </p>
                  {post.excerpt.trim() === '' ? null : <p className="blog-card__excerpt">{post.excerpt}</p>}
                  <a className="blog-card__more" href={href} aria-label={`${t('blog.readMore')}: ${post.title}`}>
                    {t('blog.readMore')}
                  </a>
                </article>
              </li>
            );
          })}
        </ul>
      )}
      {pages > 1 ? (
        <nav className="pager" aria-label={t('blog.pagination')} data-testid="blog-pager">
          {current > 1 ? (
            <a className="button button--ghost" href={blogPageHref(current - 1, slug)} rel="prev">
              {t('blog.newer')}
            </a>
          ) : (
            <span />
          )}
          <span className="pager__status" aria-current="page">
            {t('blog.pageOf', { page: current, pages })}
          </span>
          {current < pages ? (
            <a className="button button--ghost" href={blogPageHref(current + 1, slug)} rel="next">
              {t('blog.older')}
            </a>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </section>
  );
}

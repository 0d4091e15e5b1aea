import type { SiteContentItem } from '@lectern/sdk';
import { useSite } from '../app/site-context.js';
import { ResponsiveImage } from '../blocks/index.js';
import { ContentDocument } from './content-document.js';
import { formatDate } from './format-date.js';

/** `/blog/{slug}`: title, author, date, categories and tags, the featured image, then the document. */
export function PostView({ post }: { post: SiteContentItem }) {
  const { t, data } = useSite();
  const date = formatDate(post.publishedAt, data.shell.language);
  const featured = typeof post.settings.featured === 'string' ? post.settings.featured : null;
  const author = post.authorName.trim();
  return (
    <article className="post" data-testid="post-view">
      <header className="post__header container container--narrow">
        {post.categories.length > 0 ? (
          <ul className="post__categories" aria-label={t('post.categories')}>
            {post.categories.map((category) => (
              <li key={category.id}>
                <a href={`/blog?${new URLSearchParams({ category: category.slug }).toString()}`}>{category.name}</a>
              </li>
            ))}
          </ul>
        ) : null}
        <h1 className="post__title">{post.title}</h1>
        <p className="post__meta">
          {author === '' ? null : <span className="post__author">{t('post.by', { author })}</span>}
          {date === null || post.publishedAt === null ? null : (
            <time className="post__date" dateTime={post.publishedAt}>
              {date}
            </time>
          )}
        </p>
      </header>
      {featured === null ? null : (
        <div className="post__featured container">
          <ResponsiveImage src={featured} alt="" sizes="(max-width: 1200px) 100vw, 1200px" priority />
        </div>
      )}
      <ContentDocument item={post} />
      {post.tags.length > 0 ? (
        <footer className="post__footer container container--narrow">
          <h2 className="post__tags-title">{t('post.tags')}</h2>
          <ul className="post__tags">
            {post.tags.map((tag) => (
              <li key={tag.id}>
                <span className="chip">{tag.name}</span>
              </li>
            ))}
          </ul>
        </footer>
      ) : null}
    </article>
  );
}

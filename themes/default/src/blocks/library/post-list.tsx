import { useBlockContext } from '../block-context.js';
import { ResponsiveImage } from '../responsive-image.js';
import type { BlockConfig } from '../types.js';
import { integer, isRecord, text } from '../values.js';

export type PostListProps = { title: string; count: number; emptyText: string; moreLabel: string };

/** The kernel sends at most 12 recent posts. */
const MAX_POSTS = 12;

/** A fixed time zone, so the server and the browser write the same date (no hydration mismatch). */
function formatDate(value: unknown, language: string): string | null {
  if (typeof value !== 'string') return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeZone: 'UTC' };
  try {
    return new Intl.DateTimeFormat(language, options).format(date);
  } catch {
    return new Intl.DateTimeFormat('en', options).format(date);
  }
}

export const postList: BlockConfig<PostListProps> = {
  label: 'Post list',
  fields: {
    title: { type: 'text', label: 'Title' },
    count: { type: 'number', label: 'How many posts', min: 1, max: MAX_POSTS, step: 1 },
    emptyText: { type: 'text', label: 'Text when there are no posts' },
    moreLabel: { type: 'text', label: 'Link to the blog (empty hides it)' },
  },
  defaultProps: { title: 'Latest posts', count: 3, emptyText: 'No posts yet — check back soon.', moreLabel: 'View all posts' },
  render: function PostListBlock(props) {
    const { recentPosts, language } = useBlockContext();
    const posts = (Array.isArray(recentPosts) ? recentPosts : []).filter(isRecord).slice(0, integer(props.count, 3, 1, MAX_POSTS));
    const title = text(props.title).trim();
    const more = text(props.moreLabel).trim();
    return (
      <section className="block-posts">
        {title === '' ? null : <h2 className="block-posts__title">{title}</h2>}
        {posts.length === 0 ? (
          <p className="block-posts__empty">{text(props.emptyText)}</p>
        ) : (
          <ul className="block-posts__list">
            {posts.map((post, index) => {
              const href = `/blog/${encodeURIComponent(text(post.slug))}`;
              const date = formatDate(post.publishedAt, language ?? 'en');
              const author = text(post.authorName).trim();
              const excerpt = text(post.excerpt).trim();
              return (
                <li key={text(post.id, String(index))} className="block-posts__item">
                  <article>
                    {typeof post.featuredImage === 'string' && post.featuredImage !== '' ? (
                      <a href={href} tabIndex={-1} aria-hidden="true" className="block-posts__image">
                        <ResponsiveImage src={post.featuredImage} alt="" sizes="(max-width: 768px) 100vw, 33vw" />
                      </a>
                    ) : null}
                    <h3 className="block-posts__name">
                      <a href={href}>{text(post.title)}</a>
                    </h3>
                    {date === null && author === '' ? null : (
                      <p className="block-posts__meta">
                        {date === null ? null : <time dateTime={text(post.publishedAt)}>{date}</time>}
                        {date !== null && author !== '' ? ' · ' : null}
                        {author}
                      </p>
                    )}
                    {excerpt === '' ? null : <p className="block-posts__excerpt">{excerpt}</p>}
                  </article>
                </li>
              );
            })}
          </ul>
        )}
        {more === '' ? null : (
          <p className="block-posts__more">
            <a href="/blog">{more}</a>
          </p>
        )}
      </section>
    );
  },
};

import type { SitePostSummary } from '@lectern/sdk';
import { postDate } from './post-date.js';

/** Post summaries as cards linking to /blog/{slug}. */
export function PostCards({ posts }: { posts: readonly SitePostSummary[] }) {
  return (
    <ul className="post-cards">
      {posts.map((post) => {
        const date = postDate(post.publishedAt);
        return (
          <li key={post.id} className="post-card">
            {post.featuredImage !== null && <img className="post-card-image" src={post.featuredImage} alt="" loading="lazy" width={640} height={360} />}
            <h3>
              <a href={`/blog/${encodeURIComponent(post.slug)}`}>{post.title}</a>
            </h3>
            {post.excerpt !== '' && <p>{post.excerpt}</p>}
            <p className="post-meta">
              {post.authorName}
              {date !== null && post.publishedAt !== null && (
                <>
                  {' · '}
                  <time dateTime={post.publishedAt}>{date}</time>
                </>
              )}
            </p>
          </li>
        );
      })}
    </ul>
  );
}

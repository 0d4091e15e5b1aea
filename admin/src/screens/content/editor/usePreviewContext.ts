import type { BlockContextValue } from '@lectern/theme-default/blocks';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useBootstrap } from '../../../api/bootstrap';
import { api } from '../../../api/client';
import { CONTENT_KEY, type ContentItem } from '../model';
import { useStorageUrl } from './MediaUrlInput';

/** The site's newest visible posts (at most 12, as the kernel gives post-list blocks), as summaries. */
function useRecentPosts(): BlockContextValue['recentPosts'] {
  const posts = useQuery({
    queryKey: [CONTENT_KEY, 'recent-public-posts'],
    queryFn: () => api<{ items: ContentItem[] }>('/api/content/public/posts', { query: { limit: 12 } }),
    staleTime: 60_000,
  });
  return useMemo(
    () =>
      (posts.data?.items ?? []).map((post) => ({
        id: post.id,
        slug: post.slug,
        title: post.title,
        excerpt: post.excerpt,
        featuredImage: typeof post.settings.featured_image === 'string' && post.settings.featured_image !== '' ? post.settings.featured_image : null,
        authorName: post.author_name,
        publishedAt: post.published_at,
      })),
    [posts.data],
  );
}

/**
 * What the theme's blocks read while the editor's preview draws them, as the site would give it:
 * its recent posts, its address and storage address, and the site's language (not the editor's).
 */
export function usePreviewContext(): BlockContextValue {
  const recentPosts = useRecentPosts();
  const storageUrl = useStorageUrl();
  const siteLanguage = useBootstrap().data?.account.default_language;
  return useMemo(
    () => ({ recentPosts, siteUrl: window.location.origin, storageUrl, ...(siteLanguage === undefined ? {} : { language: siteLanguage }) }),
    [recentPosts, storageUrl, siteLanguage],
  );
}

import type { SiteContentItem } from '@lectern/sdk';
import { ContentDocument } from './content-document.js';

/** `/{pageSlug}`: the page's title (unless its settings hide it) and its document. */
export function PageView({ page }: { page: SiteContentItem }) {
  const hideTitle = page.settings.hide_title === true;
  return (
    <article className="page">
      <h1 className={hideTitle ? 'visually-hidden' : 'page__title container'}>{page.title}</h1>
      <ContentDocument item={page} />
    </article>
  );
}

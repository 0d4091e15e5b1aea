import type { SiteContentItem } from '@lectern/sdk';
import { StoredDocument } from '../stored-document.js';

/** A page the platform account wrote in the dashboard (legal pages, landing pages). */
export function ContentPage({ page }: { page: SiteContentItem }) {
  return (
    <article className="content-page">
      <h1 className={page.settings.hide_title === true ? 'visually-hidden' : undefined}>{page.title}</h1>
      <StoredDocument item={page} />
    </article>
  );
}

import type { SiteContentItem } from '@lectern/sdk';
import { useSite } from '../app/site-context.js';
import { readBranding } from '../lib/site-settings.js';
import { ContentDocument } from './content-document.js';

/** `/`: the home page's document, or a friendly welcome while the owner has not made one. */
export function HomeView({ page }: { page: SiteContentItem | null }) {
  const { t, data } = useSite();
  if (page !== null) {
    return (
      <article className="home">
        <h1 className="visually-hidden">{page.title || readBranding(data.shell).title}</h1>
        <ContentDocument item={page} />
      </article>
    );
  }
  return (
    <section className="home home--empty container">
      <h1>{t('home.welcome', { site: readBranding(data.shell).title })}</h1>
      <p>{t('home.empty')}</p>
    </section>
  );
}

import type { SitePageData } from '@lectern/sdk';
import { escapeHtml } from './escape.js';

const meta = (attr: 'name' | 'property', key: string, content: string) => `<meta ${attr}="${key}" content="${escapeHtml(content)}">`;

/** Title, description, canonical URL, Open Graph and Twitter card tags from the kernel's SEO data. */
export function seoTags(data: SitePageData, siteName: string): string {
  const { seo } = data;
  const tags = [`<title>${escapeHtml(seo.title)}</title>`];
  if (seo.description !== '') tags.push(meta('name', 'description', seo.description));
  if (seo.url !== '') tags.push(`<link rel="canonical" href="${escapeHtml(seo.url)}">`);
  tags.push(meta('property', 'og:title', seo.title));
  if (seo.description !== '') tags.push(meta('property', 'og:description', seo.description));
  if (seo.url !== '') tags.push(meta('property', 'og:url', seo.url));
  tags.push(meta('property', 'og:type', seo.type));
  tags.push(meta('property', 'og:site_name', siteName));
  if (seo.image !== null && seo.image !== '') tags.push(meta('property', 'og:image', seo.image));
  tags.push(meta('name', 'twitter:card', seo.image !== null && seo.image !== '' ? 'summary_large_image' : 'summary'));
  if (seo.noindex) tags.push(meta('name', 'robots', 'noindex'));
  return tags.join('');
}

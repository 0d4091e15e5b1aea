import type { PluginSite } from '@lectern/sdk';
import { loadBlockData } from './blocks/block-data.js';
import { courseBlocks } from './blocks/course-blocks.js';
import { loadCatalogue } from './catalogue-load.js';
import { loadCertificatePage } from './certificate-load.js';
import { CertificateView } from './certificate-view.js';
import { CatalogueView } from './catalogue-view.js';
import { loadCoursePage } from './course-load.js';
import { CourseView } from './course-view.js';

export { registerLmsSearch, searchCourses } from './search.js';
export { CATALOGUE_PAGE_SIZE } from './catalogue-load.js';
export type { CatalogueData, CoursePageData, CourseCardData, CourseAction } from './types.js';

/**
 * The LMS's public pages, drawn by the site's theme with these views (server-only: no hydration).
 *
 * Both are shared through the page cache for visitors: /course apart for each ?page and ?category
 * (cacheQuery), /course/{slug} by path. The kernel shares only signed-out renders, so members'
 * calls to action stay their own.
 */
export const lmsSite: PluginSite = {
  routes: [
    { path: '/course', view: 'catalogue', cacheQuery: ['page', 'category'], load: loadCatalogue },
    { path: '/course/:slug', view: 'course', load: loadCoursePage },
    // Certificates are checked rarely and must never show a stale answer: not shared by the cache.
    { path: '/certificate/:code', view: 'certificate', cacheable: false, load: loadCertificatePage },
  ],
  // Drawn in the site's language: the kernel hands each view the plugin's words as `t`.
  views: { catalogue: CatalogueView, course: CourseView, certificate: CertificateView },
  // Course grid and course card blocks for pages, drawn from what blockData loads for the page.
  blocks: courseBlocks,
  blockData: loadBlockData,
};

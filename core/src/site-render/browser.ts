/**
 * The site contract's values that browser bundles may import (themes' client code): nothing here
 * reaches a server module, so importing it never drags the kernel into a page's JavaScript.
 */
export { COLOR_SCHEME_COOKIE } from './contract.js';
export type * from './contract.js';
export { SEARCH_TYPES, SEARCH_LIMIT, type SiteSearchHit, type SiteSearchResults, type SiteSearchType } from '../site-search/contract.js';
export { IMAGE_WIDTHS, IMAGE_QUALITY, IMAGE_PATH, imageSrc, imageSrcSet, isOptimizable, type ImageWidth } from '../site-images/contract.js';

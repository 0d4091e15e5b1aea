/**
 * The site contract's values that browser bundles may import (themes' client code): nothing here
 * reaches a server module, so importing it never drags the kernel into a page's JavaScript.
 */
export { COLOR_SCHEME_COOKIE } from './contract.js';
export { ISLAND_ATTRIBUTE, ISLAND_PROPS_ATTRIBUTE, islandAttributes, readIsland, type IslandMark, type AttributeReader } from './islands.js';
export type * from './contract.js';
export { SEARCH_TYPES, SEARCH_LIMIT, type SiteSearchHit, type SiteSearchResults, type SiteSearchType } from '../site-search/contract.js';
export { IMAGE_WIDTHS, IMAGE_QUALITY, IMAGE_PATH, imageSrc, imageSrcSet, isOptimizable, type ImageWidth } from '../site-images/contract.js';
// Formatting only: the currency and country tables stay server-side.
export { formatMoney, percentOfMinor, toMajor, toMinor, type FormatMoneyOptions, type MoneyCurrency } from '../money/format.js';
export type { PaymentProvider } from '../money/providers/provider.js';
// The reader of plugins' catalogues (site islands and server views read them alike).
export { catalogueText, type Catalogue, type Translate, type TextVars } from '../text/catalogue-text.js';
// The twenty languages in their own names (sign-up and settings pickers).
export { LANGUAGES, LANGUAGE_NAMES, type Language } from '../dashboard/languages.js';

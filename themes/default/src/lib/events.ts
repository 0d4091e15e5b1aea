/** The window events between the theme's parts and plugins' code live in the SDK (@lectern/sdk/site). */
export { SEARCH_OPEN_EVENT, CART_OPEN_EVENT, CART_CHANGE_EVENT, emitSiteEvent as emit } from '@lectern/sdk/site';

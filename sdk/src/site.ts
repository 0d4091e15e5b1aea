/**
 * @lectern/sdk/site: the public-site contract for themes' browser code (types plus a few constants).
 * Safe in a page's bundle: it imports no server module. Server-side theme code may use it too.
 */
export * from '@lectern/core/site';

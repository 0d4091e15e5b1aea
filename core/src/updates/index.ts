/** Platform updates: published by super-admins, read (and marked read) by each account. */
export { updateRoutes } from './routes.js';
export { updateStore, type PlatformUpdate } from './update-store.js';

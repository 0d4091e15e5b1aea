import type { FastifyInstance } from 'fastify';
import { appManifestRoutes } from './app-manifest-routes.js';
import { siteSettingsRouteSet } from './site-settings-routes.js';

export interface SiteSettingsDeps {
  platformDomain: string;
  /** Purges the cached account (host lookups included) on every instance. */
  invalidateAccount(accountId: string): Promise<void>;
}

/** The owner's site settings, custom domain and installable-app manifest (/dashboard/manage/site, /dashboard/app). */
export async function siteSettingsRoutes(app: FastifyInstance, deps: SiteSettingsDeps): Promise<void> {
  await siteSettingsRouteSet(app, deps);
  await appManifestRoutes(app);
}

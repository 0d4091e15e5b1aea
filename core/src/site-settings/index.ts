import type { FastifyInstance } from 'fastify';
import type { JobService } from '../jobs/job-service.js';
import type { DnsResolver } from '../net/resolver.js';
import type { NotificationService } from '../notifications/notification-service.js';
import { appManifestRoutes } from './app-manifest-routes.js';
import { scheduleDomainRechecks } from './domain-recheck.js';
import { domainRoutes } from './domain-routes.js';
import { siteSettingsRouteSet } from './site-settings-routes.js';

export interface SiteSettingsDeps {
  platformDomain: string;
  /** Purges the cached account (host lookups included) on every instance. */
  invalidateAccount(accountId: string): Promise<void>;
  /** Looks up the TXT records that prove control of a custom domain. */
  resolver: DnsResolver;
  /** Runs the daily re-checks of verified domains. */
  jobs: JobService;
  /** Alerts owners whose domain fails its re-checks. */
  notifications: NotificationService;
}

/** The owner's site settings, custom domain and installable-app manifest (/dashboard/manage/site, /dashboard/app). */
export async function siteSettingsRoutes(app: FastifyInstance, deps: SiteSettingsDeps): Promise<void> {
  await siteSettingsRouteSet(app, deps);
  await domainRoutes(app, deps);
  await scheduleDomainRechecks(deps);
  await appManifestRoutes(app);
}

import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PluginManifest } from '../plugins/manifest.js';
import { KERNEL_MENU, pluginMenuEntries, type MenuEntry } from './menu-entries.js';
import { bootstrapRoutes } from './routes/bootstrap.js';
import { preferenceRoutes } from './routes/preferences.js';
import { profileMenuRoutes } from './routes/profile-menu.js';
import { profileRoutes } from './routes/profile.js';
import { spaRoutes } from './spa-routes.js';

export { buildMenu, isReachable, type Menu, type MenuViewer } from './menu-builder.js';
export { KERNEL_MENU, type MenuEntry } from './menu-entries.js';
export { LANGUAGES, RIGHT_TO_LEFT } from './languages.js';

/** admin/dist beside core, whether the kernel runs from core/src (tests, dev) or core/dist. */
export const DEFAULT_ADMIN_DIST = fileURLToPath(new URL('../../../admin/dist', import.meta.url));

export interface DashboardOptions {
  manifests: readonly PluginManifest[];
  siteUrl: (request: FastifyRequest) => string;
  platformDomain: string;
  adminDist?: string;
  /** A site theme draws /login itself; the admin keeps /login/reset-password. */
  themeServesLogin?: boolean;
}

/** The admin dashboard: its shell's data, the member's preferences, and the SPA itself. */
export async function dashboardRoutes(app: FastifyInstance, opts: DashboardOptions): Promise<void> {
  const all: readonly MenuEntry[] = [...KERNEL_MENU, ...pluginMenuEntries(opts.manifests)];
  const entries = () => all;
  await app.register(bootstrapRoutes, {
    entries,
    siteUrl: opts.siteUrl,
    platformDomain: opts.platformDomain,
    plugins: opts.manifests.map((manifest) => ({ name: manifest.name, ...(manifest.feature === undefined ? {} : { feature: manifest.feature }) })),
  });
  await app.register(preferenceRoutes);
  await app.register(profileRoutes);
  await app.register(profileMenuRoutes, { entries });
  await app.register(spaRoutes, { distDir: opts.adminDist ?? DEFAULT_ADMIN_DIST, entries, serveLogin: opts.themeServesLogin !== true });
}

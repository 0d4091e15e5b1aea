import { suspensionDate } from '../../billing/state.js';
import { findPlan } from '../../plans/catalogue.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MenuEntry } from '../menu-entries.js';
import { LANGUAGES } from '../languages.js';
import { loadDashboardState } from '../preferences.js';
import { menuOf } from '../viewer.js';
import { BootstrapSchema } from './schemas.js';
import { typed } from '../../http/typed-app.js';

interface MemberRow {
  name: string;
  email: string | null;
  avatar: string | null;
  role_slug: string | null;
  role_name: string | null;
  display_name: string;
  user_email: string | null;
  user_avatar: string | null;
}

/** The provider's documentation lives on the platform's own site, whichever site the dashboard is on. */
function docsUrl(siteUrl: string, platformDomain: string): string {
  const url = new URL(siteUrl);
  url.hostname = platformDomain;
  url.pathname = '/docs';
  return url.toString();
}

const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/**
 * GET /api/dashboard/bootstrap: everything the admin needs before it draws the shell, in one call:
 * the account, the member and their capabilities, the menus built for them, their preferences and
 * tour progress. The admin caches it for the role's 50 seconds (SPEC §9).
 */
export interface BootstrapDeps {
  entries: () => readonly MenuEntry[];
  siteUrl: (request: FastifyRequest) => string;
  platformDomain: string;
  /** Installed plugins with the feature that switches each (none: always on). */
  plugins: ReadonlyArray<{ name: string; feature?: string }>;
}

export async function bootstrapRoutes(server: FastifyInstance, deps: BootstrapDeps): Promise<void> {
  const app = typed(server);
  app.get(
    '/api/dashboard/bootstrap',
    {
      config: { capability: 'read', billing: true },
      schema: { tags: ['dashboard'], summary: "The dashboard shell's account, member, menus and preferences", response: { 200: BootstrapSchema } },
    },
    async (request) => {
      const ctx = request.ctx;
      const userId = ctx.userId as string; // `read` let only signed-in members (or platform super-admins) through
      const [row, state, { viewer, menu }] = await Promise.all([
        ctx.db
          .selectFrom('users as u')
          .leftJoin('members as m', (join) => join.onRef('m.user_id', '=', 'u.id').on('m.account_id', '=', ctx.account.id))
          .leftJoin('roles as r', (join) => join.onRef('r.account_id', '=', 'm.account_id').onRef('r.id', '=', 'm.role_id'))
          .select([
            'm.name',
            'm.email',
            'm.avatar',
            'r.slug as role_slug',
            'r.name as role_name',
            'u.display_name',
            'u.email as user_email',
            'u.avatar as user_avatar',
          ])
          .where('u.id', '=', userId)
          .executeTakeFirst() as Promise<MemberRow | undefined>,
        loadDashboardState(ctx.db, ctx.account.id, userId),
        menuOf(request, deps.entries()),
      ]);
      const settings = ctx.account.settings as Record<string, unknown>;
      const logoWidth = settings.logo_width;
      return {
        account: {
          id: ctx.account.id,
          slug: ctx.account.slug,
          name: ctx.account.name,
          site_url: deps.siteUrl(request),
          docs_url: docsUrl(deps.siteUrl(request), deps.platformDomain),
          plan: ctx.account.plan,
          plan_label: findPlan(ctx.account.plan)?.label ?? ctx.account.plan,
          is_platform: ctx.account.isPlatform,
          default_language: str(settings.defaultLanguage) ?? 'en',
          currency: str(settings.currency) ?? 'USD',
          onboard: settings.onboard === true,
          trial_ends_at: ctx.account.trialEndsAt,
          billing_status: ctx.account.billingStatus,
          suspends_on: ctx.account.billingLapsedAt === null ? null : suspensionDate(ctx.account.billingLapsedAt).toISOString(),
          sitetitle: str(settings.sitetitle),
          logo: str(settings.logo),
          dark_logo: str(settings.dark_logo),
          icon: str(settings.icon),
          logo_width: typeof logoWidth === 'number' && Number.isInteger(logoWidth) ? logoWidth : 4,
        },
        member: {
          user_id: userId,
          name: str(row?.name) ?? str(row?.display_name) ?? str(row?.email ?? row?.user_email)?.split('@')[0] ?? '',
          email: row?.email ?? row?.user_email ?? null,
          avatar: row?.avatar ?? row?.user_avatar ?? null,
          role: row?.role_slug == null ? null : { slug: row.role_slug, name: row.role_name ?? row.role_slug },
          caps: [...viewer.caps].sort(),
        },
        is_super_admin: ctx.isSuperAdmin,
        features: [...ctx.account.features].sort(),
        plugins: deps.plugins.filter((plugin) => plugin.feature === undefined || ctx.account.features.has(plugin.feature)).map((plugin) => plugin.name),
        menu,
        preferences: state.preferences,
        tour: state.tour,
        languages: [...LANGUAGES],
      };
    },
  );
}

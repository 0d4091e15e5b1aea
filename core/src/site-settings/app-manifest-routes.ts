import type { FastifyInstance } from 'fastify';
import type { AppSettings } from '../options/options-service.js';
import { AppError, Errors } from '../errors/errors.js';
import type { Account } from '../tenancy/account.js';
import { typed } from '../http/typed-app.js';
import { AppResponse, AppSettingsBody, WebManifest, type WebManifestData } from './schemas.js';

const DEFAULT_THEME_COLOR = '#ffffff';
const DEFAULT_BACKGROUND_COLOR = '#ffffff';
const SHORT_NAME_MAX = 12;

const IMAGE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  ico: 'image/x-icon',
};

/** A storage path (bucket/path) is served from the site's public storage; URLs and site paths stay as they are. */
function iconUrl(src: string): string {
  return /^https?:\/\//.test(src) || src.startsWith('/') ? src : `/storage/v1/object/public/${src}`;
}

function imageType(src: string): string | undefined {
  const extension = /\.([a-z0-9]+)(?:[?#].*)?$/i.exec(src)?.[1]?.toLowerCase();
  return extension === undefined ? undefined : IMAGE_TYPES[extension];
}

/**
 * The manifest a browser installs the site from: what the owner saved, with the rest taken from
 * the account (its title, language, theme colour and icon) so an untouched site is installable too.
 */
export function buildManifest(account: Account, app: AppSettings): WebManifestData {
  const settings = account.settings as { sitetitle?: unknown; icon?: unknown; defaultLanguage?: unknown };
  const theme = account.theme as { primaryColor?: unknown };
  const title = typeof settings.sitetitle === 'string' && settings.sitetitle.trim() !== '' ? settings.sitetitle.trim() : account.name;
  const name = app.name ?? title;
  const givenIcons = app.icons ?? [];
  const siteIcon = typeof settings.icon === 'string' && settings.icon !== '' ? settings.icon : undefined;
  const icons =
    givenIcons.length > 0
      ? givenIcons.map((icon) => ({
          ...icon,
          src: iconUrl(icon.src),
          ...(icon.type === undefined && imageType(icon.src) ? { type: imageType(icon.src) } : {}),
        }))
      : siteIcon === undefined
        ? []
        : [{ src: iconUrl(siteIcon), sizes: 'any', ...(imageType(siteIcon) ? { type: imageType(siteIcon) } : {}) }];
  const themeColor = typeof theme.primaryColor === 'string' && theme.primaryColor.startsWith('#') ? theme.primaryColor : DEFAULT_THEME_COLOR;
  return {
    name,
    short_name: app.short_name ?? [...name].slice(0, SHORT_NAME_MAX).join('').trim(),
    ...(app.description === undefined ? {} : { description: app.description }),
    start_url: '/',
    scope: '/',
    display: app.display ?? 'standalone',
    theme_color: app.theme_color ?? themeColor,
    background_color: app.background_color ?? DEFAULT_BACKGROUND_COLOR,
    ...(typeof settings.defaultLanguage === 'string' ? { lang: settings.defaultLanguage } : {}),
    icons,
  };
}

/** Browsers pick icons by size: an installable app needs at least 192 px and 512 px ones. */
function checkIcons(icons: AppSettings['icons']): void {
  if (icons === undefined || icons.length === 0) return;
  const sizes = new Set(icons.flatMap((icon) => icon.sizes.split(' ')));
  const missing = ['192x192', '512x512'].filter((size) => !sizes.has(size));
  if (missing.length > 0) throw new AppError(Errors.validation, `icons need a ${missing.join(' and a ')} image`);
}

/** GET/PUT /api/account/app (option `app`) and the public GET /manifest.webmanifest of every site. */
export async function appManifestRoutes(server: FastifyInstance): Promise<void> {
  const app = typed(server);
  app.get(
    '/api/account/app',
    {
      config: { capability: 'manage_options' },
      schema: { tags: ['account'], summary: 'The site as an installable app: saved settings and the resulting manifest', response: { 200: AppResponse } },
    },
    async (request) => {
      const ctx = request.ctx;
      const settings = await ctx.options.get('app', {});
      return { settings, manifest: buildManifest(ctx.account, settings) };
    },
  );

  app.put(
    '/api/account/app',
    {
      config: { capability: 'manage_options' },
      schema: {
        tags: ['account'],
        summary: 'Save the installable app settings',
        description: 'Replaces the saved settings whole; a field left out falls back to the account default in the manifest.',
        body: AppSettingsBody,
        response: { 200: AppResponse },
      },
    },
    async (request) => {
      const ctx = request.ctx;
      checkIcons(request.body.icons);
      await ctx.options.set('app', request.body);
      return { settings: request.body, manifest: buildManifest(ctx.account, request.body) };
    },
  );

  app.get(
    '/manifest.webmanifest',
    {
      config: { public: true },
      schema: { tags: ['site'], summary: "The site's web app manifest", response: { 200: WebManifest } },
    },
    async (request, reply) => {
      const ctx = request.ctx;
      const settings = await ctx.options.get('app', {});
      reply.header('cache-control', 'public, max-age=300');
      reply.type('application/manifest+json; charset=utf-8');
      return buildManifest(ctx.account, settings);
    },
  );
}

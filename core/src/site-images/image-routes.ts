import { createHash } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError, Errors } from '../errors/errors.js';
import { typed } from '../http/typed-app.js';
import type { StorageService } from '../storage/storage-service.js';
import { negotiateFormat, type OutputFormat } from './accept.js';
import { IMAGE_PATH, IMAGE_QUALITY, IMAGE_WIDTHS, type ImageWidth } from './contract.js';
import { ImageRenderer } from './image-renderer.js';
import { resizableFormat } from './render-image.js';
import { parseImageSource } from './source-url.js';

export interface SiteImageDeps {
  storage: StorageService;
  /** Bytes of rendered images kept in memory (default 64 MB). */
  cacheBytes?: number;
}

export const DEFAULT_CACHE_BYTES = 64 * 1024 * 1024;

/**
 * A day fresh, then a week of serving stale while revalidating. Not a year and immutable: the URL
 * names a storage path whose file can be replaced (avatars are overwritten in place), and the
 * ETag makes a revalidation a 304 without any image work.
 */
const CACHE_CONTROL = 'public, max-age=86400, stale-while-revalidate=604800';
// As storage serves files: from the site's origin, so nothing served here may run as a page.
const CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";

const Query = Type.Object(
  {
    url: Type.String({
      minLength: 1,
      maxLength: 2048,
      description: "This site's public storage URL (/storage/v1/object/public/<bucket>/<path>) or a storage path (<bucket>/<path>)",
    }),
    // An integer enum (StringEnum is for strings): one JSON-schema enum, as before.
    w: Type.Unsafe<ImageWidth>({ type: 'integer', enum: [...IMAGE_WIDTHS], description: 'Width in pixels, one of the device widths (SPEC §9)' }),
    q: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: IMAGE_QUALITY, description: 'Quality, 1–100' })),
  },
  { additionalProperties: false },
);

/**
 * The image bytes, or nothing: a rendering is sent by its task once the request's transaction has
 * committed, so the handler itself returns undefined then.
 */
const ImageResponse = {
  200: Type.Unsafe<Buffer | undefined>({ description: 'The image bytes' }),
  304: Type.Unsafe<''>({ description: 'Not modified (If-None-Match)' }),
};

/** True when If-None-Match names this ETag (weak or strong, or *). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/** One ETag per source file and rendering: the stored file's own ETag (its MD5), width, quality and format. */
function etagOf(sourceEtag: string, width: number, quality: number, format: OutputFormat | 'original'): string {
  return `"${createHash('sha256').update(`${sourceEtag}|${width}|${quality}|${format}`).digest('base64url').slice(0, 32)}"`;
}

function cacheHeaders(reply: FastifyReply, etag: string): void {
  reply
    .header('etag', etag)
    .header('vary', 'Accept')
    .header('cache-control', CACHE_CONTROL)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', CSP);
}

/**
 * Sends a rendering once it is ready, or its failure: Fastify's send of an Error goes to the error
 * handler, an answer outside the route's typed ones, so this takes the reply untyped.
 */
async function sendRendered(reply: FastifyReply, render: () => Promise<{ contentType: string; bytes: Buffer }>): Promise<void> {
  try {
    const rendered = await render();
    reply.header('content-type', rendered.contentType).send(rendered.bytes);
  } catch (error) {
    reply.send(error);
  }
}

/**
 * GET /_image (SPEC §9 responsive images): an image of one of the account's public buckets at a
 * device width, as AVIF or WebP when the browser takes them, else in its own format. SVG, GIF
 * and other images sharp does not resize are served as stored.
 */
export async function imageRoutes(server: FastifyInstance, deps: SiteImageDeps): Promise<void> {
  const app = typed(server);
  const renderer = new ImageRenderer(deps.cacheBytes ?? DEFAULT_CACHE_BYTES);

  app.get(
    IMAGE_PATH,
    {
      config: { public: true },
      schema: {
        tags: ['site'],
        summary: "Resize and re-encode one of the site's public images for a device width",
        querystring: Query,
        response: ImageResponse,
      },
    },
    async (request, reply) => {
      const { ctx } = request;
      // Ajv has filled in the default quality; the fallback restates it for the type.
      const { w: width, q: quality = IMAGE_QUALITY } = request.query;
      const source = parseImageSource(request.query.url, request.hostname);
      const accountId = ctx.account.id;

      // Read-only: a missing bucket is not created here (a visitor's GET writes nothing), and a
      // private bucket answers as if it did not exist, so its files cannot be probed.
      const bucket = await ctx.db
        .selectFrom('storage_buckets')
        .select(['public'])
        .where('account_id', '=', accountId)
        .where('id', '=', source.bucket)
        .executeTakeFirst();
      if (bucket === undefined || bucket.public !== true) throw new AppError(Errors.notFound, 'No such image');
      const row = await deps.storage.findObject(ctx.db, source.bucket, source.path);
      if (row === undefined) throw new AppError(Errors.notFound, 'No such image');
      if (!row.mimetype.startsWith('image/')) throw new AppError(Errors.badRequest, 'The file is not an image');

      const original = resizableFormat(row.mimetype);
      const format = original === undefined ? undefined : negotiateFormat(request.headers.accept, original);
      const etag = etagOf(row.etag, width, quality, format ?? 'original');
      cacheHeaders(reply, etag);
      if (matches(request.headers['if-none-match'], etag)) {
        reply.code(304);
        return '';
      }
      if (format === undefined) {
        reply.header('content-type', row.mimetype);
        return deps.storage.readObject(accountId, row);
      }

      // Rendering can take a while (AVIF at 3840 px most of all), so it runs once the request's
      // transaction has committed: the database connection is not held meanwhile (PGlite has one
      // for everybody). The task sends the reply itself, the image or the error.
      ctx.afterCommit(() =>
        sendRendered(reply, () =>
          renderer.render({ key: `${accountId}|${etag}`, readSource: () => deps.storage.readObject(accountId, row), width, quality, format }),
        ),
      );
      return undefined;
    },
  );
}

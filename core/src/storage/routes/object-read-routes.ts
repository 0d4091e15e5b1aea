import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, Errors } from '../../errors/errors.js';
import type { TokenService } from '../../auth/tokens.js';
import { assertCanReadObject } from '../access-rules.js';
import { normaliseObjectPath } from '../object-path.js';
import { verifyObjectUrl } from '../signed-urls.js';
import { StorageErrors, storageError } from '../storage-errors.js';
import type { StorageService } from '../storage-service.js';
import { iso, type BucketRow, type ObjectRow } from '../storage-rows.js';
import { FileResponse, ObjectParams } from './schemas.js';
import { serveObject } from './serve-object.js';

interface ObjectRoute {
  Params: { bucket: string; '*': string };
  Querystring: { token?: string; download?: string };
}

const Query = { type: 'object', additionalProperties: true, properties: { token: { type: 'string' }, download: { type: 'string' } } } as const;

/**
 * Downloads (GET, and HEAD for exists()): by the caller's rights, from public buckets without
 * sign-in, only signed-in, or with a signed URL's token.
 */
export function objectReadRoutes(app: FastifyInstance, storage: StorageService, tokens: TokenService): void {
  const schema = { tags: ['storage'], params: ObjectParams, querystring: Query, response: FileResponse };

  // Public: readable without sign-in when the bucket is public; otherwise the caller must be a member.
  app.get<ObjectRoute>('/object/:bucket/*', { config: { public: true }, schema: { ...schema, summary: 'Download an object' } }, async (request, reply) => {
    const { ctx } = request;
    const path = normaliseObjectPath(request.params['*']);
    const bucket = await storage.bucket(ctx.db, ctx.account.id, request.params.bucket);
    await assertCanReadObject(ctx, bucket, path);
    const row = await storage.findObject(ctx.db, bucket.id, path);
    if (row === undefined) throw storageError(StorageErrors.objectNotFound);
    return serveObject(request, reply, storage, row);
  });

  app.get<ObjectRoute>('/object/authenticated/:bucket/*', { config: { capability: 'read' }, schema: { ...schema, summary: 'Download an object as a signed-in member' } }, async (request, reply) => {
    const { ctx } = request;
    const path = normaliseObjectPath(request.params['*']);
    const bucket = await storage.bucket(ctx.db, ctx.account.id, request.params.bucket);
    await assertCanReadObject(ctx, bucket, path);
    const row = await storage.findObject(ctx.db, bucket.id, path);
    if (row === undefined) throw storageError(StorageErrors.objectNotFound);
    return serveObject(request, reply, storage, row);
  });

  app.get<ObjectRoute>('/object/public/:bucket/*', { config: { public: true }, schema: { ...schema, summary: 'Download an object of a public bucket' } }, async (request, reply) => {
    const { ctx } = request;
    const path = normaliseObjectPath(request.params['*']);
    const bucket = await storage.bucket(ctx.db, ctx.account.id, request.params.bucket);
    // A private bucket answers as if it did not exist, like supabase/storage.
    if (!bucket.public) throw storageError(StorageErrors.bucketNotFound);
    const row = await storage.findObject(ctx.db, bucket.id, path);
    if (row === undefined) throw storageError(StorageErrors.objectNotFound);
    return serveObject(request, reply, storage, row);
  });

  app.get<ObjectRoute>('/object/sign/:bucket/*', { config: { public: true }, schema: { ...schema, summary: 'Download an object with a signed URL' } }, async (request, reply) => {
    const { ctx } = request;
    const path = normaliseObjectPath(request.params['*']);
    const token = request.query.token;
    if (token === undefined || token === '') throw new AppError(Errors.notAuthenticated, 'The signed URL has no token');
    if ((await verifyObjectUrl(tokens, token, ctx.account.id, request.params.bucket, path)) === null) throw storageError(StorageErrors.invalidSignature);
    const row = await storage.findObject(ctx.db, request.params.bucket, path);
    if (row === undefined) throw storageError(StorageErrors.objectNotFound);
    return serveObject(request, reply, storage, row);
  });
}

const InfoResponse = {
  200: {
    type: 'object',
    properties: {
      id: { type: 'string' },
      name: { type: 'string' },
      version: { type: ['string', 'null'] },
      bucket_id: { type: 'string' },
      size: { type: 'integer' },
      content_type: { type: 'string' },
      cache_control: { type: 'string' },
      etag: { type: 'string' },
      metadata: { type: ['object', 'null'], additionalProperties: true },
      last_modified: { type: ['string', 'null'] },
      created_at: { type: ['string', 'null'] },
    },
  },
} as const;

/** An object's details as storage-api's info renderer writes them (storage-js info() camel-cases them). */
function info(row: ObjectRow) {
  return {
    id: row.id,
    name: row.name,
    // Objects here have no versions.
    version: null,
    bucket_id: row.bucket_id,
    size: Number(row.size),
    content_type: row.mimetype,
    cache_control: row.cache_control,
    etag: row.etag,
    metadata: row.metadata,
    last_modified: iso(row.updated_at),
    created_at: iso(row.created_at),
  };
}

/**
 * GET /object/info/{bucket}/{path} (storage-js info()), and its /authenticated and /public forms:
 * readable by whoever may download the object.
 */
export function objectInfoRoutes(app: FastifyInstance, storage: StorageService): void {
  const schema = { tags: ['storage'], params: ObjectParams, response: InfoResponse };
  const find = async (request: FastifyRequest<ObjectRoute>, check: (bucket: BucketRow) => Promise<void>) => {
    const { ctx } = request;
    const path = normaliseObjectPath(request.params['*']);
    const bucket = await storage.bucket(ctx.db, ctx.account.id, request.params.bucket);
    await check(bucket);
    await assertCanReadObject(ctx, bucket, path);
    const row = await storage.findObject(ctx.db, bucket.id, path);
    if (row === undefined) throw storageError(StorageErrors.objectNotFound);
    return info(row);
  };
  app.get<ObjectRoute>('/object/info/:bucket/*', { config: { public: true }, schema: { ...schema, summary: 'Details of an object' } }, (request) =>
    find(request, async () => undefined),
  );
  app.get<ObjectRoute>('/object/info/authenticated/:bucket/*', { config: { capability: 'read' }, schema: { ...schema, summary: 'Details of an object, as a signed-in member' } }, (request) =>
    find(request, async () => undefined),
  );
  app.get<ObjectRoute>('/object/info/public/:bucket/*', { config: { public: true }, schema: { ...schema, summary: 'Details of an object of a public bucket' } }, (request) =>
    find(request, async (bucket) => {
      if (!bucket.public) throw storageError(StorageErrors.bucketNotFound);
    }),
  );
}

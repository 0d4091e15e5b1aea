import type { FastifyInstance } from 'fastify';
import type { TokenService } from '../../auth/tokens.js';
import { assertCanRead, assertCanWrite } from '../access-rules.js';
import { normaliseObjectPath, normalisePrefix } from '../object-path.js';
import { signObjectUrl } from '../signed-urls.js';
import { StorageErrors, storageError } from '../storage-errors.js';
import { iso } from '../storage-rows.js';
import type { StorageService } from '../storage-service.js';
import { listFolder, objectMetadata, type ListOptions } from './object-list.js';
import { BucketParams, ListEntry, ObjectParams } from './schemas.js';

const SortBy = {
  type: 'object',
  properties: {
    column: { type: 'string', enum: ['name', 'created_at', 'updated_at', 'last_accessed_at'], default: 'name' },
    order: { type: 'string', enum: ['asc', 'desc'], default: 'asc' },
  },
} as const;

const ListBody = {
  type: 'object',
  properties: {
    prefix: { type: 'string', default: '' },
    limit: { type: 'integer', minimum: 1, maximum: 1000, default: 100 },
    offset: { type: 'integer', minimum: 0, default: 0 },
    sortBy: SortBy,
    search: { type: 'string' },
  },
} as const;

const ExpiresIn = { type: 'integer', minimum: 1, maximum: 60 * 60 * 24 * 365 } as const;
/** The most links (or removals) one request may ask for. */
const MAX_BATCH = 1000;

/** list, remove and signed URLs under /object. */
export function objectManageRoutes(app: FastifyInstance, storage: StorageService, tokens: TokenService): void {
  app.post<{ Params: { bucket: string }; Body: Partial<ListOptions> }>(
    '/object/list/:bucket',
    {
      config: { public: true },
      schema: { tags: ['storage'], summary: 'List the direct children of a folder', params: BucketParams, body: ListBody, response: { 200: { type: 'array', items: ListEntry } } },
    },
    async (request) => {
      const { ctx } = request;
      const bucket = await storage.bucket(ctx.db, ctx.account.id, request.params.bucket);
      await assertCanRead(ctx, bucket);
      const body = request.body;
      return listFolder(ctx.db, bucket.id, {
        prefix: normalisePrefix(body.prefix),
        limit: body.limit ?? 100,
        offset: body.offset ?? 0,
        sortBy: { column: body.sortBy?.column ?? 'name', order: body.sortBy?.order ?? 'asc' },
        search: body.search,
      });
    },
  );

  app.delete<{ Params: { bucket: string }; Body: { prefixes: string[] } }>(
    '/object/:bucket',
    {
      config: { capability: 'read' },
      schema: {
        tags: ['storage'],
        summary: 'Remove objects',
        params: BucketParams,
        body: { type: 'object', required: ['prefixes'], properties: { prefixes: { type: 'array', minItems: 1, maxItems: MAX_BATCH, items: { type: 'string' } } } },
        response: { 200: { type: 'array', items: { type: 'object', additionalProperties: true } } },
      },
    },
    async (request) => {
      const { ctx } = request;
      const bucket = await storage.bucket(ctx.db, ctx.account.id, request.params.bucket);
      const paths = [...new Set(request.body.prefixes.map((p) => normaliseObjectPath(p)))];
      for (const path of paths) await assertCanWrite(ctx, bucket.id, path);
      const rows = await storage.removeObjects(ctx.db, ctx.account.id, bucket.id, paths, ctx);
      return rows.map((row) => ({
        bucket_id: row.bucket_id,
        name: row.name,
        id: row.id,
        owner: row.owner,
        created_at: iso(row.created_at),
        updated_at: iso(row.updated_at),
        last_accessed_at: iso(row.last_accessed_at),
        metadata: objectMetadata(row),
      }));
    },
  );

  app.post<{ Params: { bucket: string; '*': string }; Body: { expiresIn: number } }>(
    '/object/sign/:bucket/*',
    {
      config: { public: true },
      schema: {
        tags: ['storage'],
        summary: 'Create a signed URL for one object',
        params: ObjectParams,
        body: { type: 'object', required: ['expiresIn'], properties: { expiresIn: ExpiresIn, transform: { type: 'object' } } },
        response: { 200: { type: 'object', properties: { signedURL: { type: 'string' } } } },
      },
    },
    async (request) => {
      const { ctx } = request;
      const path = normaliseObjectPath(request.params['*']);
      const bucket = await storage.bucket(ctx.db, ctx.account.id, request.params.bucket);
      await assertCanRead(ctx, bucket);
      if ((await storage.findObject(ctx.db, bucket.id, path)) === undefined) throw storageError(StorageErrors.objectNotFound);
      const token = await signObjectUrl(tokens, ctx.account.id, bucket.id, path, request.body.expiresIn);
      return { signedURL: `/object/sign/${bucket.id}/${path}?token=${token}` };
    },
  );

  app.post<{ Params: { bucket: string }; Body: { expiresIn: number; paths: string[] } }>(
    '/object/sign/:bucket',
    {
      config: { public: true },
      schema: {
        tags: ['storage'],
        summary: 'Create signed URLs for several objects',
        params: BucketParams,
        body: { type: 'object', required: ['expiresIn', 'paths'], properties: { expiresIn: ExpiresIn, paths: { type: 'array', maxItems: MAX_BATCH, items: { type: 'string' } } } },
        response: {
          200: {
            type: 'array',
            items: { type: 'object', properties: { path: { type: 'string' }, signedURL: { type: ['string', 'null'] }, error: { type: ['string', 'null'] } } },
          },
        },
      },
    },
    async (request) => {
      const { ctx } = request;
      const bucket = await storage.bucket(ctx.db, ctx.account.id, request.params.bucket);
      await assertCanRead(ctx, bucket);
      const results = [];
      for (const raw of request.body.paths) {
        let path: string;
        try {
          path = normaliseObjectPath(raw);
        } catch {
          results.push({ path: raw, signedURL: null, error: 'The object path is not valid' });
          continue;
        }
        if ((await storage.findObject(ctx.db, bucket.id, path)) === undefined) {
          results.push({ path: raw, signedURL: null, error: 'Either the object does not exist or you do not have access to it' });
          continue;
        }
        const token = await signObjectUrl(tokens, ctx.account.id, bucket.id, path, request.body.expiresIn);
        results.push({ path: raw, signedURL: `/object/sign/${bucket.id}/${path}?token=${token}`, error: null });
      }
      return results;
    },
  );
}

import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { typed } from '../../http/typed-app.js';
import type { TokenService } from '../../auth/tokens.js';
import { assertCanRead, assertCanWrite, visibleKeys } from '../access-rules.js';
import { normaliseObjectPath, normalisePrefix } from '../object-path.js';
import { signObjectUrl, signUploadUrl } from '../signed-urls.js';
import { iso } from '../storage-rows.js';
import type { StorageService } from '../storage-service.js';
import { readableObject } from './object-lookup.js';
import { listFolder, listObjectsV2, objectMetadata } from './object-list.js';
import {
  BucketParams,
  ListBody,
  ListEntrySchema,
  ListV2Body,
  ListV2Schema,
  ObjectParams,
  PathString,
  RemovedObjectsSchema,
  SignedUrlsSchema,
  TransformSchema,
} from './schemas.js';

const ExpiresIn = Type.Integer({ minimum: 1, maximum: 60 * 60 * 24 * 365 });
/** The most links (or removals) one request may ask for. */
const MAX_BATCH = 1000;

/** The normalised path, or null when it is not a valid object path. */
function validPath(raw: string): string | null {
  try {
    return normaliseObjectPath(raw);
  } catch {
    return null;
  }
}

/** list, remove and signed URLs under /object. */
export function objectManageRoutes(server: FastifyInstance, storage: StorageService, tokens: TokenService): void {
  const app = typed(server);
  app.post(
    '/object/list/:bucket',
    {
      config: { public: true },
      schema: {
        tags: ['storage'],
        summary: 'List the direct children of a folder',
        params: BucketParams,
        body: ListBody,
        response: { 200: Type.Array(ListEntrySchema) },
      },
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
        visible: await visibleKeys(ctx, bucket),
      });
    },
  );

  app.post(
    '/object/list-v2/:bucket',
    {
      config: { public: true },
      schema: {
        tags: ['storage'],
        summary: 'List objects under a key prefix, with cursor paging (storage-js listV2)',
        params: BucketParams,
        body: ListV2Body,
        response: { 200: ListV2Schema },
      },
    },
    async (request) => {
      const { ctx } = request;
      const bucket = await storage.bucket(ctx.db, ctx.account.id, request.params.bucket);
      await assertCanRead(ctx, bucket);
      const body = request.body;
      return listObjectsV2(ctx.db, bucket.id, {
        prefix: body.prefix ?? '',
        limit: body.limit ?? 1000,
        cursor: body.cursor,
        withDelimiter: body.with_delimiter === true,
        sortBy: { column: body.sortBy?.column ?? 'name', order: body.sortBy?.order ?? 'asc' },
        visible: await visibleKeys(ctx, bucket),
      });
    },
  );

  // createSignedUploadUrl(): the caller must be allowed to write the path now; the token then
  // lets whoever holds it upload there for two hours (PUT, in upload-routes.ts).
  app.post(
    '/object/upload/sign/:bucket/*',
    {
      config: { capability: 'read' },
      schema: {
        tags: ['storage'],
        summary: 'Create a signed upload URL for one path',
        params: ObjectParams,
        body: Type.Unknown(),
        response: { 200: Type.Object({ url: Type.String(), token: Type.String() }) },
      },
    },
    async (request) => {
      const { ctx } = request;
      const path = normaliseObjectPath(request.params['*']);
      const bucket = await storage.bucket(ctx.db, ctx.account.id, request.params.bucket);
      await assertCanWrite(ctx, bucket.id, path);
      // An existing object is refused at upload time unless the link was made with upsert.
      const token = await signUploadUrl(tokens, ctx.account.id, bucket.id, path, ctx.userId!, request.headers['x-upsert'] === 'true');
      return { url: `/object/upload/sign/${bucket.id}/${path}?token=${token}`, token };
    },
  );

  app.delete(
    '/object/:bucket',
    {
      config: { capability: 'read' },
      schema: {
        tags: ['storage'],
        summary: 'Remove objects',
        params: BucketParams,
        body: Type.Object({ prefixes: Type.Array(PathString, { minItems: 1, maxItems: MAX_BATCH }) }),
        response: { 200: RemovedObjectsSchema },
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

  app.post(
    '/object/sign/:bucket/*',
    {
      config: { public: true },
      schema: {
        tags: ['storage'],
        summary: 'Create a signed URL for one object',
        params: ObjectParams,
        body: Type.Object({ expiresIn: ExpiresIn, transform: Type.Optional(TransformSchema) }),
        response: { 200: Type.Object({ signedURL: Type.Optional(Type.String()) }) },
      },
    },
    async (request) => {
      const { ctx } = request;
      const { bucket_id: bucket, name: path } = await readableObject(request, storage, { mustBePublic: false });
      // With a transform the link points at the image renderer and the token carries the width,
      // as storage-api does (the query string cannot change what a signed link serves).
      const transform = request.body.transform;
      if (transform !== undefined && Object.keys(transform).length > 0) {
        const token = await signObjectUrl(
          tokens,
          ctx.account.id,
          bucket,
          path,
          request.body.expiresIn,
          transform.width === undefined ? {} : { width: transform.width },
        );
        return { signedURL: `/render/image/sign/${bucket}/${path}?token=${token}` };
      }
      const token = await signObjectUrl(tokens, ctx.account.id, bucket, path, request.body.expiresIn);
      return { signedURL: `/object/sign/${bucket}/${path}?token=${token}` };
    },
  );

  app.post(
    '/object/sign/:bucket',
    {
      config: { public: true },
      schema: {
        tags: ['storage'],
        summary: 'Create signed URLs for several objects',
        params: BucketParams,
        body: Type.Object({ expiresIn: ExpiresIn, paths: Type.Array(PathString, { maxItems: MAX_BATCH }) }),
        response: { 200: SignedUrlsSchema },
      },
    },
    async (request) => {
      const { ctx } = request;
      const bucket = await storage.bucket(ctx.db, ctx.account.id, request.params.bucket);
      await assertCanRead(ctx, bucket);
      const visible = await visibleKeys(ctx, bucket);
      const paths = request.body.paths.map((raw) => ({ raw, path: validPath(raw) }));
      // Hidden keys are never looked up; the rest in one query.
      const existing = await storage.existingNames(
        ctx.db,
        bucket.id,
        paths.flatMap(({ path }) => (path !== null && visible.shows(path) ? [path] : [])),
      );
      return Promise.all(
        paths.map(async ({ raw, path }) => {
          if (path === null) return { path: raw, signedURL: null, error: 'The object path is not valid' };
          if (!existing.has(path)) return { path: raw, signedURL: null, error: 'Either the object does not exist or you do not have access to it' };
          const token = await signObjectUrl(tokens, ctx.account.id, bucket.id, path, request.body.expiresIn);
          return { path: raw, signedURL: `/object/sign/${bucket.id}/${path}?token=${token}`, error: null };
        }),
      );
    },
  );
}

import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { typed } from '../../http/typed-app.js';
import { checkBucketId } from '../object-path.js';
import { StorageErrors, storageError } from '../storage-errors.js';
import { iso, MANAGERS_ONLY_BUCKETS, SYSTEM_BUCKETS, type BucketRow } from '../storage-rows.js';
import type { StorageService } from '../storage-service.js';
import { BucketIdParams, BucketSchema, BucketString, MessageResponse } from './schemas.js';

/** A bucket to create or change, as storage-js sends it (a size limit may carry a unit: "20mb"). */
const BucketBodySchema = Type.Object({
  id: Type.Optional(BucketString),
  name: Type.Optional(BucketString),
  type: Type.Optional(Type.String({ maxLength: 50 })),
  public: Type.Optional(Type.Boolean()),
  // storage-api's own unions, kept as they were (null is a value of its own here, not a coerced one).
  file_size_limit: Type.Optional(Type.Union([Type.Integer({ minimum: 0 }), Type.String({ maxLength: 32 }), Type.Null()])),
  allowed_mime_types: Type.Optional(
    Type.Union([Type.Array(Type.String({ maxLength: 255, pattern: '^[a-z0-9.+-]+/([a-z0-9.+-]+|\\*)$' }), { maxItems: 200 }), Type.Null()]),
  ),
});

const OWNER = { capability: 'manage_options' } as const;

/** Buckets of the account: owners list, create, change, empty and delete them (storage-js's bucket API). */
export function bucketRoutes(server: FastifyInstance, storage: StorageService): void {
  const app = typed(server);
  app.get(
    '/bucket',
    { config: OWNER, schema: { tags: ['storage'], summary: 'List buckets', response: { 200: Type.Array(BucketSchema) } } },
    async (request) => {
      const { ctx } = request;
      for (const id of Object.keys(SYSTEM_BUCKETS)) await storage.bucket(ctx.db, ctx.account.id, id);
      const rows = (await ctx.db.selectFrom('storage_buckets').selectAll().orderBy('id').execute()) as BucketRow[];
      return rows.map(toBucket);
    },
  );

  app.get(
    '/bucket/:id',
    { config: OWNER, schema: { tags: ['storage'], summary: 'Read a bucket', params: BucketIdParams, response: { 200: BucketSchema } } },
    async (request) => {
      const { ctx } = request;
      return toBucket(await storage.bucket(ctx.db, ctx.account.id, request.params.id));
    },
  );

  app.post(
    '/bucket',
    {
      config: OWNER,
      schema: {
        tags: ['storage'],
        summary: 'Create a bucket',
        body: BucketBodySchema,
        response: { 200: Type.Object({ name: Type.Optional(Type.String()) }) },
      },
    },
    async (request) => {
      const { ctx } = request;
      const id = checkBucketId(request.body.id ?? request.body.name ?? '');
      const exists = await ctx.db.selectFrom('storage_buckets').select('id').where('id', '=', id).executeTakeFirst();
      if (exists !== undefined) throw storageError(StorageErrors.bucketExists);
      if (request.body.public === true && MANAGERS_ONLY_BUCKETS.has(id)) throw storageError(StorageErrors.bucketStaysPrivate);
      await ctx.db
        .insertInto('storage_buckets')
        .values({
          account_id: ctx.account.id,
          id,
          name: request.body.name ?? id,
          public: request.body.public ?? false,
          file_size_limit: parseSize(request.body.file_size_limit),
          allowed_mime_types: request.body.allowed_mime_types ?? null,
        })
        .execute();
      return { name: id };
    },
  );

  app.put(
    '/bucket/:id',
    { config: OWNER, schema: { tags: ['storage'], summary: 'Change a bucket', params: BucketIdParams, body: BucketBodySchema, response: MessageResponse } },
    async (request) => {
      const { ctx } = request;
      const bucket = await storage.bucket(ctx.db, ctx.account.id, request.params.id);
      const body = request.body;
      if (body.public === true && MANAGERS_ONLY_BUCKETS.has(bucket.id)) throw storageError(StorageErrors.bucketStaysPrivate);
      await ctx.db
        .updateTable('storage_buckets')
        .set({
          public: body.public ?? bucket.public,
          file_size_limit: body.file_size_limit === undefined ? bucket.file_size_limit : parseSize(body.file_size_limit),
          allowed_mime_types: body.allowed_mime_types === undefined ? bucket.allowed_mime_types : body.allowed_mime_types,
          updated_at: new Date(),
        })
        .where('id', '=', bucket.id)
        .execute();
      return { message: 'Successfully updated' };
    },
  );

  app.post(
    '/bucket/:id/empty',
    {
      config: OWNER,
      schema: { tags: ['storage'], summary: 'Remove every object of a bucket', params: BucketIdParams, body: Type.Unknown(), response: MessageResponse },
    },
    async (request) => {
      const { ctx } = request;
      const bucket = await storage.bucket(ctx.db, ctx.account.id, request.params.id);
      await storage.emptyBucket(ctx.db, ctx.account.id, bucket.id, ctx);
      return { message: 'Successfully emptied' };
    },
  );

  app.delete(
    '/bucket/:id',
    { config: OWNER, schema: { tags: ['storage'], summary: 'Delete an empty bucket', params: BucketIdParams, response: MessageResponse } },
    async (request) => {
      const { ctx } = request;
      const bucket = await storage.bucket(ctx.db, ctx.account.id, request.params.id);
      const one = await ctx.db.selectFrom('storage_objects').select('name').where('bucket_id', '=', bucket.id).limit(1).executeTakeFirst();
      if (one !== undefined) throw storageError(StorageErrors.bucketNotEmpty);
      await ctx.db.deleteFrom('storage_buckets').where('id', '=', bucket.id).execute();
      return { message: 'Successfully deleted' };
    },
  );
}

function toBucket(row: BucketRow) {
  return {
    id: row.id,
    name: row.name,
    owner: '',
    public: row.public,
    file_size_limit: row.file_size_limit === null ? null : Number(row.file_size_limit),
    allowed_mime_types: row.allowed_mime_types,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** storage-api's units are decimal: 20MB is 20,000,000 bytes (not 20 MiB). */
const UNITS: Record<string, number> = { b: 1, kb: 1e3, mb: 1e6, gb: 1e9 };

/**
 * Bucket size limits as bytes, or with a unit as storage-js allows ("20mb", "1.5GB", "300b"),
 * parsed as storage-api does: three significant digits, decimal units. A bare number is bytes.
 */
function parseSize(value: number | string | null | undefined): number | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'number') return value;
  const match = /^(\d+(?:\.\d+)?)(gb|mb|kb|b)?$/i.exec(value.trim());
  if (match === null) throw storageError(StorageErrors.invalidFileSizeLimit);
  const amount = match[2] === undefined ? Number(match[1]) : Number(Number.parseFloat(match[1]!).toPrecision(3));
  const bytes = Math.round(amount * (UNITS[(match[2] ?? 'b').toLowerCase()] ?? 1));
  if (!Number.isSafeInteger(bytes)) throw storageError(StorageErrors.invalidFileSizeLimit);
  return bytes;
}

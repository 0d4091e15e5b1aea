import type { FastifyInstance } from 'fastify';
import type { RequestContext } from '../../tenancy/request-context.js';
import { assertCanReadObject, assertCanWrite } from '../access-rules.js';
import { normaliseObjectPath } from '../object-path.js';
import { StorageErrors, storageError } from '../storage-errors.js';
import type { StorageService } from '../storage-service.js';
import { BucketString, PathString } from './schemas.js';

interface CopyBody {
  bucketId: string;
  sourceKey: string;
  destinationKey: string;
  destinationBucket?: string;
}

const Body = {
  type: 'object',
  required: ['bucketId', 'sourceKey', 'destinationKey'],
  properties: { bucketId: BucketString, sourceKey: PathString, destinationKey: PathString, destinationBucket: BucketString },
} as const;

/**
 * storage-js's copy() and move(). The destination goes through the same checks as an upload
 * (write permission, bucket limits, quota), so copying cannot be used to get around them.
 */
export function copyMoveRoutes(app: FastifyInstance, storage: StorageService): void {
  const transfer = async (request: { ctx: RequestContext; body: CopyBody }, move: boolean) => {
    const { ctx, body } = request;
    const from = await storage.bucket(ctx.db, ctx.account.id, body.bucketId);
    const to = body.destinationBucket === undefined ? from : await storage.bucket(ctx.db, ctx.account.id, body.destinationBucket);
    const source = normaliseObjectPath(body.sourceKey);
    const destination = normaliseObjectPath(body.destinationKey);
    await assertCanReadObject(ctx, from, source);
    if (move) await assertCanWrite(ctx, from.id, source);
    await assertCanWrite(ctx, to.id, destination);
    const row = await storage.findObject(ctx.db, from.id, source);
    if (row === undefined) throw storageError(StorageErrors.objectNotFound);
    const bytes = await storage.readObject(ctx.account.id, row);
    await storage.putObject(
      ctx.db,
      // The copy keeps the source's content type (when it still agrees with the bytes under the new name).
      {
        accountId: ctx.account.id,
        plan: ctx.account.plan,
        bucket: to,
        path: destination,
        bytes,
        upsert: false,
        cacheControl: row.cache_control,
        metadata: row.metadata,
        owner: ctx.userId,
        declaredType: row.mimetype,
      },
      ctx,
    );
    if (move) await storage.removeObjects(ctx.db, ctx.account.id, from.id, [source], ctx);
    return `${to.id}/${destination}`;
  };

  app.post<{ Body: CopyBody }>(
    '/object/copy',
    {
      config: { capability: 'read' },
      schema: { tags: ['storage'], summary: 'Copy an object', body: Body, response: { 200: { type: 'object', properties: { Key: { type: 'string' } } } } },
    },
    async (request) => ({ Key: await transfer(request, false) }),
  );
  app.post<{ Body: CopyBody }>(
    '/object/move',
    {
      config: { capability: 'read' },
      schema: { tags: ['storage'], summary: 'Move an object', body: Body, response: { 200: { type: 'object', properties: { message: { type: 'string' } } } } },
    },
    async (request) => {
      await transfer(request, true);
      return { message: 'Successfully moved' };
    },
  );
}

import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { typed } from '../../http/typed-app.js';
import type { RequestContext } from '../../tenancy/request-context.js';
import { assertCanReadObject, assertCanWrite } from '../access-rules.js';
import { normaliseObjectPath } from '../object-path.js';
import { StorageErrors, storageError } from '../storage-errors.js';
import type { StorageService } from '../storage-service.js';
import { BucketString, MessageResponse, PathString } from './schemas.js';

const Body = Type.Object({ bucketId: BucketString, sourceKey: PathString, destinationKey: PathString, destinationBucket: Type.Optional(BucketString) });
type CopyBody = Static<typeof Body>;

/**
 * storage-js's copy() and move(). The destination goes through the same checks as an upload
 * (write permission, bucket limits, quota), so copying cannot be used to get around them.
 */
export function copyMoveRoutes(server: FastifyInstance, storage: StorageService): void {
  const app = typed(server);
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

  app.post(
    '/object/copy',
    {
      config: { capability: 'read' },
      schema: { tags: ['storage'], summary: 'Copy an object', body: Body, response: { 200: Type.Object({ Key: Type.Optional(Type.String()) }) } },
    },
    async (request) => ({ Key: await transfer(request, false) }),
  );
  app.post(
    '/object/move',
    {
      config: { capability: 'read' },
      schema: { tags: ['storage'], summary: 'Move an object', body: Body, response: MessageResponse },
    },
    async (request) => {
      await transfer(request, true);
      return { message: 'Successfully moved' };
    },
  );
}

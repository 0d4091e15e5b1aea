import type { TokenService } from '../../auth/tokens.js';
import { AppError, Errors } from '../../errors/errors.js';
import { assertCanReadObject } from '../access-rules.js';
import { normaliseObjectPath } from '../object-path.js';
import { verifyObjectUrl, type SignedTransform } from '../signed-urls.js';
import { StorageErrors, storageError } from '../storage-errors.js';
import type { ObjectRow } from '../storage-rows.js';
import type { StorageService } from '../storage-service.js';
import type { RequestContext } from '../../tenancy/request-context.js';

/** What these read of a request to a route naming one object (/…/{bucket}/{path}), whatever its schemas. */
export interface ObjectRequest {
  ctx: RequestContext;
  params: { bucket: string; '*': string };
}

/**
 * The object a request names, when the caller may read it (the bucket rule, then the per-object
 * one); 404 when it is missing or hidden. `mustBePublic` is for the /public URLs, where a private
 * bucket answers as if it did not exist, like supabase/storage.
 */
export async function readableObject(request: ObjectRequest, storage: StorageService, options: { mustBePublic: boolean }): Promise<ObjectRow> {
  const { ctx } = request;
  const path = normaliseObjectPath(request.params['*']);
  const bucket = await storage.bucket(ctx.db, ctx.account.id, request.params.bucket);
  if (options.mustBePublic && !bucket.public) throw storageError(StorageErrors.bucketNotFound);
  await assertCanReadObject(ctx, bucket, path);
  const row = await storage.findObject(ctx.db, bucket.id, path);
  if (row === undefined) throw storageError(StorageErrors.objectNotFound);
  return row;
}

/**
 * The object a signed URL names, and the transform its token carries: the token (`?token=`) is
 * the permission, so nobody need be signed in.
 */
export async function signedObject(
  request: ObjectRequest & { query: { token?: string } },
  storage: StorageService,
  tokens: TokenService,
): Promise<{ row: ObjectRow; transform: SignedTransform | null }> {
  const { ctx } = request;
  const path = normaliseObjectPath(request.params['*']);
  const token = request.query.token;
  if (token === undefined || token === '') throw new AppError(Errors.notAuthenticated, 'The signed URL has no token');
  const grant = await verifyObjectUrl(tokens, token, ctx.account.id, request.params.bucket, path);
  if (grant === null) throw storageError(StorageErrors.invalidSignature);
  const row = await storage.findObject(ctx.db, request.params.bucket, path);
  if (row === undefined) throw storageError(StorageErrors.objectNotFound);
  return { row, transform: grant.transform };
}

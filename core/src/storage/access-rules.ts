import { AppError, Errors } from '../errors/errors.js';
import type { RequestContext } from '../tenancy/request-context.js';
import type { BucketRow } from './storage-rows.js';
import { StorageErrors, storageError } from './storage-errors.js';

/** Roles that manage content (owners, instructors, editors) may write to the account's buckets. */
export const WRITE_CAPABILITIES = ['manage_options', 'edit_posts', 'create_courses'] as const;

/**
 * Who may write an object. In avatars only `{user_id}/avatar.jpg` of the signed-in user (SPEC §3:
 * the first folder is the JWT's sub); elsewhere members whose role manages content.
 */
export async function assertCanWrite(ctx: RequestContext, bucket: string, path: string): Promise<void> {
  if (ctx.userId === null) throw new AppError(Errors.notAuthenticated);
  if (bucket === 'avatars') {
    if (path !== `${ctx.userId}/avatar.jpg`) throw storageError(StorageErrors.notOwner, `You may only write avatars/${ctx.userId}/avatar.jpg`);
    return;
  }
  for (const capability of WRITE_CAPABILITIES) if (await ctx.can(capability)) return;
  throw new AppError(Errors.forbidden, 'Your role may not change files in this bucket');
}

/** Public buckets are readable by anyone; the others by signed-in members of the account. */
export async function assertCanRead(ctx: RequestContext, bucket: BucketRow): Promise<void> {
  if (bucket.public) return;
  if (ctx.userId === null) throw new AppError(Errors.notAuthenticated);
  if (!(await ctx.can('read'))) throw new AppError(Errors.forbidden);
}

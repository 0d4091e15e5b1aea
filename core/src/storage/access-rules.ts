import { sql, type RawBuilder } from 'kysely';
import { AppError, Errors } from '../errors/errors.js';
import type { RequestContext } from '../tenancy/request-context.js';
import { MANAGERS_ONLY_BUCKETS, type BucketRow } from './storage-rows.js';
import { StorageErrors, storageError } from './storage-errors.js';

/** Roles that manage content (owners, instructors, editors) may write to the account's buckets. */
export const WRITE_CAPABILITIES = ['manage_options', 'edit_posts', 'create_courses'] as const;

/**
 * Who may write an object. In avatars only `{user_id}/avatar.jpg` of the signed-in user (SPEC §3:
 * the first folder is the JWT's sub); in texts only site managers, because course texts are
 * written through POST /api/upload/text, whose 'storage.textUpload' filter decides per course and
 * student (the storage API must not be a way around it); elsewhere members whose role manages
 * content.
 */
export async function assertCanWrite(ctx: RequestContext, bucket: string, path: string): Promise<void> {
  if (ctx.userId === null) throw new AppError(Errors.notAuthenticated);
  if (bucket === 'avatars') {
    if (path !== `${ctx.userId}/avatar.jpg`) throw storageError(StorageErrors.notOwner, `You may only write avatars/${ctx.userId}/avatar.jpg`);
    return;
  }
  if (bucket === 'texts') {
    if (await ctx.can('manage_options')) return;
    throw new AppError(Errors.forbidden, 'Course texts are saved through POST /api/upload/text');
  }
  if (MANAGERS_ONLY_BUCKETS.has(bucket)) {
    if (await ctx.can('manage_options')) return;
    throw new AppError(Errors.forbidden, 'Only the site’s managers may change files in this bucket');
  }
  if (await holdsWriteCapability(ctx)) return;
  throw new AppError(Errors.forbidden, 'Your role may not change files in this bucket');
}

/** Whether the caller's role manages content (one of WRITE_CAPABILITIES). */
async function holdsWriteCapability(ctx: RequestContext): Promise<boolean> {
  for (const capability of WRITE_CAPABILITIES) if (await ctx.can(capability)) return true;
  return false;
}

/** Public buckets are readable by anyone; managers-only ones by the site's managers; the others by signed-in members of the account. */
export async function assertCanRead(ctx: RequestContext, bucket: BucketRow): Promise<void> {
  if (bucket.public && !MANAGERS_ONLY_BUCKETS.has(bucket.id)) return;
  if (ctx.userId === null) throw new AppError(Errors.notAuthenticated);
  if (!(await ctx.can(MANAGERS_ONLY_BUCKETS.has(bucket.id) ? 'manage_options' : 'read'))) throw new AppError(Errors.forbidden);
}

/*
 * Assignment texts (`texts/assignments/{assignmentId}_{studentId}.txt`) are a student's answers:
 * members whose role manages content (holdsWriteCapability) read them all, a student only their
 * own. Unit and quiz texts, and an assignment's own brief (`assignments/{assignmentId}.txt`), are
 * course material every member reads.
 */

/**
 * A student's answer file and, in group 1, whose it is. Written so that JavaScript and
 * PostgreSQL's regular expressions read it alike: listings apply it in SQL (KeyVisibility.where).
 */
const STUDENT_FILE_PATTERN = '^assignments/[^/]+_([0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12})\\.txt$';
const STUDENT_FILE = new RegExp(STUDENT_FILE_PATTERN);

function isOthersAssignmentText(bucket: string, path: string, userId: string | null): boolean {
  if (bucket !== 'texts') return false;
  const owner = STUDENT_FILE.exec(path)?.[1];
  return owner !== undefined && (userId === null || owner.toLowerCase() !== userId.toLowerCase());
}

/** The bucket rule, then the per-object one; a hidden object answers as missing (as storage-api's row-level security does). */
export async function assertCanReadObject(ctx: RequestContext, bucket: BucketRow, path: string): Promise<void> {
  await assertCanRead(ctx, bucket);
  if (isOthersAssignmentText(bucket.id, path, ctx.userId) && !(await holdsWriteCapability(ctx))) throw storageError(StorageErrors.objectNotFound);
}

/** Which keys of a bucket the caller may see (after assertCanRead), for one key and as SQL for listings. */
export interface KeyVisibility {
  shows(key: string): boolean;
  /** The same rule as a condition on a name column (e.g. 'o.name'); null when every key shows. */
  where: ((nameColumn: string) => RawBuilder<boolean>) | null;
}

const EVERY_KEY: KeyVisibility = { shows: () => true, where: null };

export async function visibleKeys(ctx: RequestContext, bucket: BucketRow): Promise<KeyVisibility> {
  if (bucket.id !== 'texts' || (await holdsWriteCapability(ctx))) return EVERY_KEY;
  const userId = ctx.userId?.toLowerCase() ?? null;
  return {
    shows: (key) => !isOthersAssignmentText(bucket.id, key, userId),
    where: (nameColumn) => {
      const name = sql.ref(nameColumn);
      const someoneElses = userId === null ? sql`true` : sql`lower(substring(${name} from ${STUDENT_FILE_PATTERN}::text)) <> ${userId}`;
      return sql<boolean>`NOT (${name} ~ ${STUDENT_FILE_PATTERN}::text AND ${someoneElses})`;
    },
  };
}

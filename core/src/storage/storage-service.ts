import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { StorageConfig } from '../config/config.js';
import type { AnyDb } from '../db/database.js';
import type { AccountScope } from '../plugins/contract.js';
import { checkFile, storedContentType } from './file-types.js';
import { hasVariants, renderVariants } from './image-variants.js';
import { LocalDriver } from './local-driver.js';
import { checkBucketId, normaliseObjectPath, objectKey, variantKey } from './object-path.js';
import { S3Driver } from './s3-driver.js';
import type { StorageDriver } from './storage-driver.js';
import { StorageErrors, storageError } from './storage-errors.js';
import { checkQuota, kindOfMime } from './storage-quota.js';
import { SYSTEM_BUCKETS, type BucketRow, type ObjectRow } from './storage-rows.js';

/** What an upload needs from the transaction it runs in, to clean up after a rollback and to start work after commit. */
export interface TransactionHooks {
  afterCommit(task: () => void | Promise<void>): void;
  afterSettled(task: () => void | Promise<void>): void;
}

export interface PutInput {
  accountId: string;
  plan: string;
  bucket: BucketRow;
  /** Already normalised with normaliseObjectPath. */
  path: string;
  bytes: Buffer;
  upsert: boolean;
  cacheControl?: string;
  metadata?: Record<string, unknown> | null;
  owner: string | null;
  /** The client's content type (header or form part); stored when it agrees with the content. */
  declaredType?: string;
}

export interface StorageServiceOptions {
  inAccount<T>(accountId: string, work: (scope: AccountScope) => Promise<T>): Promise<T>;
  log: FastifyBaseLogger;
}

/**
 * Files of every account: the bucket and object index in the tenant tables, the bytes in the
 * configured driver. Reachable as `kernel.storage` for kernel code and plugins that need to store
 * files (`put`, `get`, `remove`); the /storage/v1 routes use the transaction-level methods.
 */
export class StorageService {
  /** Variant renders still running (tests and shutdown wait for them). */
  private readonly pending = new Set<Promise<void>>();

  constructor(
    readonly driver: StorageDriver,
    private readonly options: StorageServiceOptions,
  ) {}

  /** A bucket of the transaction's account; the system buckets (avatars, texts) are created on first use. */
  async bucket(db: AnyDb, accountId: string, id: string): Promise<BucketRow> {
    checkBucketId(id);
    const found = (await db.selectFrom('storage_buckets').selectAll().where('id', '=', id).executeTakeFirst()) as BucketRow | undefined;
    if (found !== undefined) return found;
    const system = SYSTEM_BUCKETS[id];
    if (system === undefined) throw storageError(StorageErrors.bucketNotFound);
    await db
      .insertInto('storage_buckets')
      .values({ account_id: accountId, id, name: id, public: system.public })
      .onConflict((oc) => oc.columns(['account_id', 'id']).doNothing())
      .execute();
    return (await db.selectFrom('storage_buckets').selectAll().where('id', '=', id).executeTakeFirstOrThrow()) as BucketRow;
  }

  async findObject(db: AnyDb, bucket: string, path: string): Promise<ObjectRow | undefined> {
    return (await db.selectFrom('storage_objects').selectAll().where('bucket_id', '=', bucket).where('name', '=', path).executeTakeFirst()) as
      ObjectRow | undefined;
  }

  /** Which of these paths name objects of the bucket, in one query. */
  async existingNames(db: AnyDb, bucket: string, paths: string[]): Promise<Set<string>> {
    if (paths.length === 0) return new Set();
    const rows = await db.selectFrom('storage_objects').select('name').where('bucket_id', '=', bucket).where('name', 'in', paths).execute();
    return new Set(rows.map((row) => row.name as string));
  }

  /**
   * Checks and stores one upload inside the caller's transaction: type by content (the declared
   * type is kept when it agrees), the bucket's size and type limits, the plan's quota, then the
   * bytes (before the row, so a committed row always has its file) and the row. A new file is removed again if the transaction rolls back;
   * images get their resized copies after the commit.
   */
  async putObject(db: AnyDb, input: PutInput, hooks: TransactionHooks): Promise<ObjectRow> {
    const { bucket, path, bytes } = input;
    const checked = await checkFile(path, bytes);
    const contentType = storedContentType(input.declaredType, checked);
    const sizeLimit = bucket.file_size_limit === null ? null : Number(bucket.file_size_limit);
    if (sizeLimit !== null && bytes.length > sizeLimit) {
      throw storageError(StorageErrors.tooLarge);
    }
    if (bucket.allowed_mime_types !== null && bucket.allowed_mime_types.length > 0 && !mimeAllowed(bucket.allowed_mime_types, checked.mimetype)) {
      throw storageError(StorageErrors.invalidMime, `mime type ${checked.mimetype} is not supported`);
    }
    // Locks the existing row (if any) so two uploads to one path queue instead of racing.
    const existing = await sql<{ size: string; mimetype: string }>`
      SELECT size, mimetype FROM storage_objects WHERE bucket_id = ${bucket.id} AND name = ${path} FOR UPDATE`.execute(db);
    const previous = existing.rows[0];
    if (previous !== undefined && !input.upsert) throw storageError(StorageErrors.duplicate);
    await checkQuota(
      db,
      input.plan,
      checked.kind,
      bytes.length,
      previous === undefined ? null : { size: Number(previous.size), kind: kindOfMime(previous.mimetype) },
    );

    const key = objectKey(input.accountId, bucket.id, path);
    await this.driver.put(key, bytes, contentType);
    let committed = false;
    hooks.afterCommit(() => {
      committed = true;
    });
    if (previous === undefined) {
      hooks.afterSettled(async () => {
        if (!committed) await this.driver.delete([key]);
      });
    }
    const etag = `"${createHash('md5').update(bytes).digest('hex')}"`;
    const values = {
      size: bytes.length,
      mimetype: contentType,
      etag,
      cache_control: input.cacheControl ?? 'max-age=3600',
      metadata: input.metadata === undefined || input.metadata === null ? null : JSON.stringify(input.metadata),
      variants: JSON.stringify([]),
      owner: input.owner,
    };
    const row = (await db
      .insertInto('storage_objects')
      .values({ account_id: input.accountId, bucket_id: bucket.id, name: path, ...values })
      .onConflict((oc) => oc.columns(['account_id', 'bucket_id', 'name']).doUpdateSet({ ...values, updated_at: sql`now()`, last_accessed_at: sql`now()` }))
      .returningAll()
      .executeTakeFirstOrThrow()) as ObjectRow;
    // In order: an overwritten image's old copies go before the new ones are rendered.
    hooks.afterCommit(() => {
      this.track(
        (async () => {
          if (previous !== undefined) await this.removeVariants(input.accountId, bucket.id, path);
          if (hasVariants(checked.mimetype)) await this.makeVariants(input.accountId, bucket.id, path, bytes, checked.mimetype, etag);
        })(),
      );
    });
    return row;
  }

  /** The bytes of an object, or a not-found refusal when the row or file is missing. */
  async readObject(accountId: string, row: ObjectRow, width?: number): Promise<Buffer> {
    const key = width === undefined ? objectKey(accountId, row.bucket_id, row.name) : variantKey(accountId, row.bucket_id, row.name, width);
    const bytes = await this.driver.get(key);
    if (bytes === null) throw storageError(StorageErrors.objectNotFound);
    return bytes;
  }

  /** Deletes rows now and their files (and image variants) once the transaction has committed. */
  async removeObjects(db: AnyDb, accountId: string, bucket: string, paths: string[], hooks: TransactionHooks): Promise<ObjectRow[]> {
    if (paths.length === 0) return [];
    const rows = (await db.deleteFrom('storage_objects').where('bucket_id', '=', bucket).where('name', 'in', paths).returningAll().execute()) as ObjectRow[];
    hooks.afterCommit(async () => {
      await this.driver.delete(rows.map((r) => objectKey(accountId, bucket, r.name)));
      for (const row of rows) if (row.variants.length > 0) await this.removeVariants(accountId, bucket, row.name, row.variants);
    });
    return rows;
  }

  /** Removes every object of a bucket (rows now, files after commit). */
  async emptyBucket(db: AnyDb, accountId: string, bucket: string, hooks: TransactionHooks): Promise<void> {
    await db.deleteFrom('storage_objects').where('bucket_id', '=', bucket).execute();
    hooks.afterCommit(async () => {
      await this.driver.deletePrefix(`${accountId}/${bucket}/`);
      await this.driver.deletePrefix(`${accountId}/.variants/${bucket}/`);
    });
  }

  /**
   * For kernel code and plugins: stores bytes in an account's bucket in a transaction of its own,
   * with the same checks as an upload (type, limits, quota), replacing an existing file.
   */
  async put(
    accountId: string,
    bucketId: string,
    path: string,
    bytes: Buffer,
    options: { owner?: string | null; cacheControl?: string } = {},
  ): Promise<{ id: string; key: string }> {
    const clean = normaliseObjectPath(path);
    const afterCommit: Array<() => void | Promise<void>> = [];
    const afterSettled: Array<() => void | Promise<void>> = [];
    const hooks: TransactionHooks = { afterCommit: (t) => afterCommit.push(t), afterSettled: (t) => afterSettled.push(t) };
    try {
      const row = await this.options.inAccount(accountId, async ({ db, account }) => {
        const bucket = await this.bucket(db, accountId, bucketId);
        return this.putObject(
          db,
          { accountId, plan: account.plan, bucket, path: clean, bytes, upsert: true, owner: options.owner ?? null, cacheControl: options.cacheControl },
          hooks,
        );
      });
      for (const task of afterCommit) await task();
      return { id: row.id, key: `${bucketId}/${clean}` };
    } finally {
      for (const task of afterSettled) await task();
    }
  }

  /**
   * For plugins' routes: stores a new file inside the request's transaction, with an upload's checks
   * (type by content, the bucket's limits, the plan's quota). The row commits with the caller's
   * other writes; rolled back, the file is removed again. A file already at the path is refused
   * (`Duplicate`): callers choose fresh paths.
   */
  async putIn(
    scope: { db: AnyDb; account: { id: string; plan: string } } & TransactionHooks,
    bucketId: string,
    path: string,
    bytes: Buffer,
    options: { owner?: string | null; contentType?: string } = {},
  ): Promise<{ id: string; key: string }> {
    const clean = normaliseObjectPath(path);
    const bucket = await this.bucket(scope.db, scope.account.id, bucketId);
    const row = await this.putObject(
      scope.db,
      {
        accountId: scope.account.id,
        plan: scope.account.plan,
        bucket,
        path: clean,
        bytes,
        upsert: false,
        owner: options.owner ?? null,
        declaredType: options.contentType,
      },
      { afterCommit: (task) => scope.afterCommit(task), afterSettled: (task) => scope.afterSettled(task) },
    );
    return { id: row.id, key: `${bucketId}/${clean}` };
  }

  /** For kernel code and plugins: an object's bytes, or null. */
  async get(accountId: string, bucketId: string, path: string): Promise<Buffer | null> {
    const clean = normaliseObjectPath(path);
    const row = await this.options.inAccount(accountId, ({ db }) => this.findObject(db, bucketId, clean));
    return row === undefined ? null : this.driver.get(objectKey(accountId, bucketId, clean));
  }

  /** Resolves when every background variant render has finished (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  private track(work: Promise<void>): void {
    const tracked = work
      .catch((error: unknown) => this.options.log.error({ err: error }, 'storage background task failed'))
      .finally(() => this.pending.delete(tracked));
    this.pending.add(tracked);
  }

  /**
   * Renders the device-width copies of an image after its upload committed, then records their
   * widths on the row, unless the object was replaced meanwhile (its etag changed). A failure here
   * leaves the original in place: images are then served at full size.
   */
  private async makeVariants(accountId: string, bucket: string, path: string, bytes: Buffer, mimetype: string, etag: string): Promise<void> {
    const variants = await renderVariants(bytes, mimetype);
    if (variants.length === 0) return;
    for (const variant of variants) await this.driver.put(variantKey(accountId, bucket, path, variant.width), variant.bytes, mimetype);
    await this.options.inAccount(accountId, ({ db }) =>
      db
        .updateTable('storage_objects')
        .set({ variants: JSON.stringify(variants.map((v) => v.width)) })
        .where('bucket_id', '=', bucket)
        .where('name', '=', path)
        .where('etag', '=', etag)
        .execute(),
    );
  }

  private async removeVariants(
    accountId: string,
    bucket: string,
    path: string,
    widths: readonly number[] = [640, 750, 828, 1080, 1200, 1920, 2048, 3840],
  ): Promise<void> {
    await this.driver.delete(widths.map((w) => variantKey(accountId, bucket, path, w)));
  }
}

/** Bucket type lists may hold exact types or wildcards such as image/*. */
function mimeAllowed(allowed: string[], mimetype: string): boolean {
  return allowed.some((entry) => entry === mimetype || (entry.endsWith('/*') && mimetype.startsWith(entry.slice(0, -1))));
}

/** The driver the configuration asks for. */
export function createStorageService(config: StorageConfig, options: StorageServiceOptions): StorageService {
  const driver = config.driver === 's3' && config.s3 !== undefined ? new S3Driver(config.s3) : new LocalDriver(config.localDir);
  return new StorageService(driver, options);
}

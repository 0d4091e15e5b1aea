import { Type, type Static } from '@sinclair/typebox';
import { JsonObject, Nullable, StringEnum, type Wire } from '../../schema/kit.js';

/**
 * Schemas shared by the storage routes (the route guard wants them on every route). The answers
 * are storage-api's, whose fields storage-js reads as optional: most properties here are optional
 * (no `required`), as the hand-written schemas were, so the documented protocol stays the same.
 */

/** An object path or prefix as sent: at most what object-path.ts accepts. */
export const PathString = Type.String({ maxLength: 1024 });
/** A signed URL's token (a signed claim set naming the path): generous, but bounded. */
export const TOKEN_MAX = 8192;
export const TokenString = Type.String({ maxLength: TOKEN_MAX });
/** A bucket's id or name. */
export const BucketString = Type.String({ maxLength: 200 });

const BucketName = Type.String({ minLength: 1, maxLength: 200 });

export const BucketParams = Type.Object({ bucket: BucketName });

export const ObjectParams = Type.Object({ bucket: BucketName, '*': PathString });

export const BucketIdParams = Type.Object({ id: BucketName });

/** File bytes (downloads): not serialised by a schema, described for the API docs. */
export const FileResponse = { 200: Type.Unsafe<Buffer | string>({ description: 'The file bytes, with its content type' }) };

/** A raw request body of any content type (uploads): the scope's parser hands the bytes through, or nothing. */
export const RawBody = Type.Unsafe<Buffer | undefined>({});

export const UploadSchema = Type.Object({ Id: Type.String(), Key: Type.String({ description: 'bucket/path' }) });
export const UploadResponse = { 200: UploadSchema };

export const MessageSchema = Type.Object({ message: Type.Optional(Type.String()) });
export const MessageResponse = { 200: MessageSchema };

export const BucketSchema = Type.Object({
  id: Type.Optional(Type.String()),
  name: Type.Optional(Type.String()),
  owner: Type.Optional(Type.String()),
  public: Type.Optional(Type.Boolean()),
  file_size_limit: Type.Optional(Nullable(Type.Integer())),
  allowed_mime_types: Type.Optional(Type.Unsafe<string[] | null>({ type: ['array', 'null'], items: { type: 'string' } })),
  created_at: Type.Optional(Type.String()),
  updated_at: Type.Optional(Type.String()),
});

/** Nullable object metadata (storage-api's metadata block, or a folder's null). */
const NullableMetadata = Type.Unsafe<Record<string, unknown> | null>({ type: ['object', 'null'], additionalProperties: true });

const listEntryProperties = {
  name: Type.Optional(Type.String()),
  id: Type.Optional(Nullable(Type.String())),
  created_at: Type.Optional(Nullable(Type.String())),
  updated_at: Type.Optional(Nullable(Type.String())),
  last_accessed_at: Type.Optional(Nullable(Type.String())),
  metadata: Type.Optional(NullableMetadata),
};

/** A list entry as storage-js expects it; folders have null id, dates and metadata. */
export const ListEntrySchema = Type.Object(listEntryProperties);

export const SortColumnSchema = StringEnum(['name', 'created_at', 'updated_at', 'last_accessed_at'], { default: 'name' });
export const SortOrderSchema = StringEnum(['asc', 'desc'], { default: 'asc' });

/** storage-js list()'s body; absent options take storage-api's defaults (applied by Ajv and restated by the route). */
export const ListBody = Type.Object({
  prefix: Type.Optional(Type.String({ maxLength: 1024, default: '' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
  sortBy: Type.Optional(Type.Object({ column: Type.Optional(SortColumnSchema), order: Type.Optional(SortOrderSchema) })),
  search: Type.Optional(Type.String({ maxLength: 1024 })),
});

/** storage-js listV2()'s body. */
export const ListV2Body = Type.Object({
  prefix: Type.Optional(Type.String({ maxLength: 1024, default: '' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 1000 })),
  cursor: Type.Optional(Type.String({ maxLength: 4096 })),
  with_delimiter: Type.Optional(Type.Boolean({ default: false })),
  sortBy: Type.Optional(Type.Object({ column: StringEnum(['name', 'updated_at', 'created_at']), order: Type.Optional(SortOrderSchema) })),
});

export const ListV2Schema = Type.Object({
  hasNext: Type.Boolean(),
  nextCursor: Type.Optional(Type.String()),
  folders: Type.Array(Type.Object({ name: Type.Optional(Type.String()), key: Type.Optional(Type.String()) })),
  objects: Type.Array(Type.Object({ ...listEntryProperties, key: Type.Optional(Type.String()) })),
});

/** storage-js's transform options; only the width is applied (see render-routes.ts). */
export const TransformSchema = Type.Object({
  width: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000 })),
  height: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000 })),
  resize: Type.Optional(StringEnum(['cover', 'contain', 'fill'])),
  format: Type.Optional(StringEnum(['origin', 'avif', 'webp'])),
  quality: Type.Optional(Type.Integer({ minimum: 20, maximum: 100 })),
});

/** An object removed by DELETE /object/{bucket}: storage-api's object row. */
export const RemovedObjectsSchema = Type.Array(JsonObject);

export const SignedUrlsSchema = Type.Array(
  Type.Object({
    path: Type.Optional(Type.String()),
    signedURL: Type.Optional(Nullable(Type.String())),
    error: Type.Optional(Nullable(Type.String())),
  }),
);

/** An object's details as storage-api's info renderer writes them (storage-js info() camel-cases them). */
export const ObjectInfoSchema = Type.Object({
  id: Type.Optional(Type.String()),
  name: Type.Optional(Type.String()),
  version: Type.Optional(Nullable(Type.String())),
  bucket_id: Type.Optional(Type.String()),
  size: Type.Optional(Type.Integer()),
  content_type: Type.Optional(Type.String()),
  cache_control: Type.Optional(Type.String()),
  etag: Type.Optional(Type.String()),
  metadata: Type.Optional(NullableMetadata),
  last_modified: Type.Optional(Nullable(Type.String())),
  created_at: Type.Optional(Nullable(Type.String())),
});

/** Wire types of the storage API (the dashboard reaches it through storage-js, which has its own types). */
export type StorageBucketWire = Wire<Static<typeof BucketSchema>>;
export type StorageListEntryWire = Wire<Static<typeof ListEntrySchema>>;
export type StorageListV2Wire = Wire<Static<typeof ListV2Schema>>;
export type StorageObjectInfoWire = Wire<Static<typeof ObjectInfoSchema>>;
export type StorageUploadWire = Wire<Static<typeof UploadSchema>>;

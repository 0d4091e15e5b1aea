/** JSON schemas shared by the storage routes (the route guard wants them on every route). */

/** An object path or prefix as sent: at most what object-path.ts accepts. */
export const PathString = { type: 'string', maxLength: 1024 } as const;
/** A signed URL's token (a signed claim set naming the path): generous, but bounded. */
export const TokenString = { type: 'string', maxLength: 8192 } as const;
/** A bucket's id or name. */
export const BucketString = { type: 'string', maxLength: 200 } as const;

export const BucketParams = {
  type: 'object',
  required: ['bucket'],
  properties: { bucket: { type: 'string', minLength: 1, maxLength: 200 } },
} as const;

export const ObjectParams = {
  type: 'object',
  required: ['bucket', '*'],
  properties: { bucket: { type: 'string', minLength: 1, maxLength: 200 }, '*': PathString },
} as const;

export const BucketIdParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 200 } },
} as const;

/** File bytes (downloads): not serialised by a schema, described for the API docs. */
export const FileResponse = { 200: { description: 'The file bytes, with its content type' } } as const;

export const UploadResponse = {
  200: { type: 'object', required: ['Id', 'Key'], properties: { Id: { type: 'string' }, Key: { type: 'string', description: 'bucket/path' } } },
} as const;

export const MessageResponse = { 200: { type: 'object', properties: { message: { type: 'string' } } } } as const;

export const Bucket = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    owner: { type: 'string' },
    public: { type: 'boolean' },
    file_size_limit: { type: ['integer', 'null'] },
    allowed_mime_types: { type: ['array', 'null'], items: { type: 'string' } },
    created_at: { type: 'string' },
    updated_at: { type: 'string' },
  },
} as const;

/** A list entry as storage-js expects it; folders have null id, dates and metadata. */
export const ListEntry = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    id: { type: ['string', 'null'] },
    created_at: { type: ['string', 'null'] },
    updated_at: { type: ['string', 'null'] },
    last_accessed_at: { type: ['string', 'null'] },
    metadata: { type: ['object', 'null'], additionalProperties: true },
  },
} as const;

/** JSON schemas shared by the storage routes (the route guard wants them on every route). */
export const BucketParams = {
  type: 'object',
  required: ['bucket'],
  properties: { bucket: { type: 'string', minLength: 1, maxLength: 200 } },
} as const;

export const ObjectParams = {
  type: 'object',
  required: ['bucket', '*'],
  properties: { bucket: { type: 'string', minLength: 1, maxLength: 200 }, '*': { type: 'string' } },
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

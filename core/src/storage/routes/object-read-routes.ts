import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TokenService } from '../../auth/tokens.js';
import type { StorageService } from '../storage-service.js';
import { iso, type ObjectRow } from '../storage-rows.js';
import { readableObject, signedObject } from './object-lookup.js';
import { FileResponse, ObjectParams, TokenString } from './schemas.js';
import { serveObject } from './serve-object.js';

interface ObjectRoute {
  Params: { bucket: string; '*': string };
  Querystring: { token?: string; download?: string };
}

const Query = {
  type: 'object',
  additionalProperties: true,
  maxProperties: 20,
  properties: { token: TokenString, download: { type: 'string', maxLength: 1024 } },
} as const;

/**
 * Downloads (GET, and HEAD for exists()): by the caller's rights, from public buckets without
 * sign-in, only signed-in, or with a signed URL's token.
 */
export function objectReadRoutes(app: FastifyInstance, storage: StorageService, tokens: TokenService): void {
  const schema = { tags: ['storage'], params: ObjectParams, querystring: Query, response: FileResponse };

  const download = (mustBePublic: boolean) => async (request: FastifyRequest<ObjectRoute>, reply: FastifyReply) =>
    serveObject(request, reply, storage, await readableObject(request, storage, { mustBePublic }));
  // Public: readable without sign-in when the bucket is public; otherwise the caller must be a member.
  app.get<ObjectRoute>('/object/:bucket/*', { config: { public: true }, schema: { ...schema, summary: 'Download an object' } }, download(false));
  app.get<ObjectRoute>(
    '/object/authenticated/:bucket/*',
    { config: { capability: 'read' }, schema: { ...schema, summary: 'Download an object as a signed-in member' } },
    download(false),
  );
  app.get<ObjectRoute>(
    '/object/public/:bucket/*',
    { config: { public: true }, schema: { ...schema, summary: 'Download an object of a public bucket' } },
    download(true),
  );
  app.get<ObjectRoute>(
    '/object/sign/:bucket/*',
    { config: { public: true }, schema: { ...schema, summary: 'Download an object with a signed URL' } },
    async (request, reply) => serveObject(request, reply, storage, (await signedObject(request, storage, tokens)).row),
  );
}

const InfoResponse = {
  200: {
    type: 'object',
    properties: {
      id: { type: 'string' },
      name: { type: 'string' },
      version: { type: ['string', 'null'] },
      bucket_id: { type: 'string' },
      size: { type: 'integer' },
      content_type: { type: 'string' },
      cache_control: { type: 'string' },
      etag: { type: 'string' },
      metadata: { type: ['object', 'null'], additionalProperties: true },
      last_modified: { type: ['string', 'null'] },
      created_at: { type: ['string', 'null'] },
    },
  },
} as const;

/** An object's details as storage-api's info renderer writes them (storage-js info() camel-cases them). */
function info(row: ObjectRow) {
  return {
    id: row.id,
    name: row.name,
    // Objects here have no versions.
    version: null,
    bucket_id: row.bucket_id,
    size: Number(row.size),
    content_type: row.mimetype,
    cache_control: row.cache_control,
    etag: row.etag,
    metadata: row.metadata,
    last_modified: iso(row.updated_at),
    created_at: iso(row.created_at),
  };
}

/**
 * GET /object/info/{bucket}/{path} (storage-js info()), and its /authenticated and /public forms:
 * readable by whoever may download the object.
 */
export function objectInfoRoutes(app: FastifyInstance, storage: StorageService): void {
  const schema = { tags: ['storage'], params: ObjectParams, response: InfoResponse };
  const find = async (request: FastifyRequest<ObjectRoute>, mustBePublic: boolean) => info(await readableObject(request, storage, { mustBePublic }));
  app.get<ObjectRoute>('/object/info/:bucket/*', { config: { public: true }, schema: { ...schema, summary: 'Details of an object' } }, (request) =>
    find(request, false),
  );
  app.get<ObjectRoute>(
    '/object/info/authenticated/:bucket/*',
    { config: { capability: 'read' }, schema: { ...schema, summary: 'Details of an object, as a signed-in member' } },
    (request) => find(request, false),
  );
  app.get<ObjectRoute>(
    '/object/info/public/:bucket/*',
    { config: { public: true }, schema: { ...schema, summary: 'Details of an object of a public bucket' } },
    (request) => find(request, true),
  );
}

import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { typed } from '../../http/typed-app.js';
import type { TokenService } from '../../auth/tokens.js';
import type { StorageService } from '../storage-service.js';
import { iso, type ObjectRow } from '../storage-rows.js';
import { readableObject, signedObject, type ObjectRequest } from './object-lookup.js';
import { FileResponse, ObjectInfoSchema, ObjectParams, TokenString } from './schemas.js';
import { serveObject } from './serve-object.js';

const Query = Type.Object(
  { token: Type.Optional(TokenString), download: Type.Optional(Type.String({ maxLength: 1024 })) },
  { additionalProperties: true, maxProperties: 20 },
);

/**
 * Downloads (GET, and HEAD for exists()): by the caller's rights, from public buckets without
 * sign-in, only signed-in, or with a signed URL's token.
 */
export function objectReadRoutes(server: FastifyInstance, storage: StorageService, tokens: TokenService): void {
  const app = typed(server);
  const schema = { tags: ['storage'], params: ObjectParams, querystring: Query, response: FileResponse };

  // Public: readable without sign-in when the bucket is public; otherwise the caller must be a member.
  app.get('/object/:bucket/*', { config: { public: true }, schema: { ...schema, summary: 'Download an object' } }, async (request, reply) =>
    serveObject(request, reply, storage, await readableObject(request, storage, { mustBePublic: false })),
  );
  app.get(
    '/object/authenticated/:bucket/*',
    { config: { capability: 'read' }, schema: { ...schema, summary: 'Download an object as a signed-in member' } },
    async (request, reply) => serveObject(request, reply, storage, await readableObject(request, storage, { mustBePublic: false })),
  );
  app.get(
    '/object/public/:bucket/*',
    { config: { public: true }, schema: { ...schema, summary: 'Download an object of a public bucket' } },
    async (request, reply) => serveObject(request, reply, storage, await readableObject(request, storage, { mustBePublic: true })),
  );
  app.get(
    '/object/sign/:bucket/*',
    { config: { public: true }, schema: { ...schema, summary: 'Download an object with a signed URL' } },
    async (request, reply) => serveObject(request, reply, storage, (await signedObject(request, storage, tokens)).row),
  );
}

const InfoResponse = { 200: ObjectInfoSchema };

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
export function objectInfoRoutes(server: FastifyInstance, storage: StorageService): void {
  const app = typed(server);
  const schema = { tags: ['storage'], params: ObjectParams, response: InfoResponse };
  const find = async (request: ObjectRequest, mustBePublic: boolean) => info(await readableObject(request, storage, { mustBePublic }));
  app.get('/object/info/:bucket/*', { config: { public: true }, schema: { ...schema, summary: 'Details of an object' } }, (request) => find(request, false));
  app.get(
    '/object/info/authenticated/:bucket/*',
    { config: { capability: 'read' }, schema: { ...schema, summary: 'Details of an object, as a signed-in member' } },
    (request) => find(request, false),
  );
  app.get('/object/info/public/:bucket/*', { config: { public: true }, schema: { ...schema, summary: 'Details of an object of a public bucket' } }, (request) =>
    find(request, true),
  );
}

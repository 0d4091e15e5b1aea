import type { IncomingHttpHeaders } from 'node:http';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { typed } from '../../http/typed-app.js';
import type { RequestContext } from '../../tenancy/request-context.js';
import type { TokenService } from '../../auth/tokens.js';
import { checkJsonBounds, METADATA_BOUNDS } from '../../http/json-bounds.js';
import { assertCanWrite } from '../access-rules.js';
import { parseMultipart } from '../multipart.js';
import { normaliseObjectPath } from '../object-path.js';
import { verifyUploadUrl } from '../signed-urls.js';
import { StorageErrors, storageError } from '../storage-errors.js';
import type { BucketRow } from '../storage-rows.js';
import type { StorageService } from '../storage-service.js';
import { ObjectParams, RawBody, TOKEN_MAX, UploadResponse } from './schemas.js';
import type { ObjectRequest } from './object-lookup.js';

/** Largest upload body accepted; bodies are held in memory while checked (see README.md here). */
export const UPLOAD_BODY_LIMIT = 100 * 1024 * 1024;

/** What an upload reads of its request: who sends it, the headers with its options, and the raw bytes. */
interface UploadRequest {
  ctx: RequestContext;
  headers: IncomingHttpHeaders;
  body: Buffer | undefined;
}

const TokenQuery = Type.Object({ token: Type.String({ maxLength: TOKEN_MAX, minLength: 1 }) });

/**
 * POST (upload) and PUT (update) /object/{bucket}/{path}, and PUT /object/upload/sign/{bucket}/{path}
 * (uploadToSignedUrl). Registered in a scope of their own whose only body parser passes the raw
 * bytes through for every content type: storage-js sends Buffers as text/plain by default, JSON
 * files as application/json, Blobs as multipart.
 */
export async function uploadRoutes(server: FastifyInstance, opts: { storage: StorageService; tokens: TokenService }): Promise<void> {
  const app = typed(server);
  const { storage, tokens } = opts;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: UPLOAD_BODY_LIMIT }, (_request, body, done) => done(null, body));

  const schema = { tags: ['storage'], params: ObjectParams, body: RawBody, response: UploadResponse };
  const upload = async (request: ObjectRequest & UploadRequest, method: 'POST' | 'PUT') => {
    const { ctx } = request;
    const path = normaliseObjectPath(request.params['*']);
    const bucket = await storage.bucket(ctx.db, ctx.account.id, request.params.bucket);
    await assertCanWrite(ctx, bucket.id, path);
    // PUT is update(): it replaces; POST replaces only with x-upsert: true.
    return store(request, bucket, path, { upsert: method === 'PUT' || request.headers['x-upsert'] === 'true', owner: ctx.userId });
  };
  /** Reads the upload from the request and stores it; the caller has decided it may be written. */
  const store = async (request: UploadRequest, bucket: BucketRow, path: string, grant: { upsert: boolean; owner: string | null }) => {
    const { ctx } = request;
    const upload = await readUpload(request);
    const row = await storage.putObject(
      ctx.db,
      {
        accountId: ctx.account.id,
        plan: ctx.account.plan,
        bucket,
        path,
        bytes: upload.bytes,
        upsert: grant.upsert,
        cacheControl: upload.cacheControl,
        metadata: upload.metadata,
        owner: grant.owner,
        declaredType: upload.contentType,
      },
      ctx,
    );
    return { Id: row.id, Key: `${bucket.id}/${path}` };
  };
  app.post('/object/:bucket/*', { config: { capability: 'read' }, schema: { ...schema, summary: 'Upload an object' } }, (request) => upload(request, 'POST'));
  app.put('/object/:bucket/*', { config: { capability: 'read' }, schema: { ...schema, summary: 'Replace an object' } }, (request) => upload(request, 'PUT'));

  // uploadToSignedUrl(): the token is the permission (checked when it was made), so no sign-in.
  app.put(
    '/object/upload/sign/:bucket/*',
    { config: { public: true }, schema: { ...schema, querystring: TokenQuery, summary: 'Upload an object with a signed upload URL' } },
    async (request) => {
      const { ctx } = request;
      const path = normaliseObjectPath(request.params['*']);
      const grant = await verifyUploadUrl(tokens, request.query.token, ctx.account.id, request.params.bucket, path);
      if (grant === null) throw storageError(StorageErrors.invalidSignature, 'The signed upload URL is invalid, expired or for another object');
      const bucket = await storage.bucket(ctx.db, ctx.account.id, request.params.bucket);
      return store(request, bucket, path, grant);
    },
  );
}

interface Upload {
  bytes: Buffer;
  cacheControl: string;
  metadata: Record<string, unknown> | null;
  contentType: string | undefined;
}

/** The file and its options, from a raw body with headers or from storage-js's multipart form. */
async function readUpload(request: UploadRequest): Promise<Upload> {
  const contentType = request.headers['content-type'] ?? '';
  const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
  if (/^multipart\/form-data/i.test(contentType)) {
    const form = await parseMultipart(contentType, body);
    if (form.file === undefined) throw storageError(StorageErrors.invalidMultipart, 'The multipart body has no file part');
    return {
      bytes: form.file.bytes,
      cacheControl: cacheControlOf(form.fields.cacheControl),
      metadata: metadataOf(form.fields.metadata, false),
      contentType: form.file.contentType,
    };
  }
  const header = request.headers['x-metadata'];
  return {
    bytes: body,
    cacheControl: cacheControlOf(request.headers['cache-control']),
    metadata: metadataOf(typeof header === 'string' ? header : undefined, true),
    contentType: contentType === '' ? undefined : contentType,
  };
}

/** storage-js sends "3600" in forms and "max-age=3600" as a header; stored as the header value. */
function cacheControlOf(value: string | undefined): string {
  if (value === undefined || value.trim() === '') return 'max-age=3600';
  const seconds = /^(?:max-age=)?(\d{1,10})$/.exec(value.trim())?.[1];
  if (seconds === undefined) throw storageError(StorageErrors.invalidUpload, 'cache-control must be a number of seconds or max-age=<seconds>');
  return `max-age=${Number(seconds)}`;
}

/** User metadata: a JSON object, base64-encoded in the x-metadata header, plain in a form field. */
function metadataOf(value: string | undefined, base64: boolean): Record<string, unknown> | null {
  if (value === undefined || value === '') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(base64 ? Buffer.from(value, 'base64').toString('utf8') : value);
  } catch {
    parsed = undefined;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw storageError(StorageErrors.invalidUpload, 'metadata must be a JSON object');
  const problem = checkJsonBounds(parsed, METADATA_BOUNDS);
  if (problem !== null) throw storageError(StorageErrors.invalidUpload, `metadata ${problem}`);
  return parsed as Record<string, unknown>;
}

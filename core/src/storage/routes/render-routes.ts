import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TokenService } from '../../auth/tokens.js';
import { pickVariant } from '../image-variants.js';
import type { StorageService } from '../storage-service.js';
import { readableObject, signedObject } from './object-lookup.js';
import { FileResponse, ObjectParams, TokenString } from './schemas.js';
import { serveObject } from './serve-object.js';

interface RenderRoute {
  Params: { bucket: string; '*': string };
  Querystring: { width?: number; token?: string };
}

const Query = {
  type: 'object',
  additionalProperties: true,
  maxProperties: 20,
  properties: { width: { type: 'integer', minimum: 1, maximum: 10000 } },
} as const;
const SignedQuery = { type: 'object', additionalProperties: true, maxProperties: 20, properties: { token: TokenString } } as const;

/**
 * Resized images, at storage-js's transform URLs (getPublicUrl/createSignedUrl with
 * `transform: {width}` ask for /render/image/...): served from the copies made after upload, the
 * smallest device width at least as wide as asked, else the original. Height, quality and format
 * options are not applied (copies are made once, at quality 75, in the original format).
 */
export function renderRoutes(app: FastifyInstance, storage: StorageService, tokens: TokenService): void {
  const serve = (mustBePublic: boolean) => async (request: FastifyRequest<RenderRoute>, reply: FastifyReply) => {
    const row = await readableObject(request, storage, { mustBePublic });
    const width = request.query.width === undefined ? undefined : pickVariant(row.variants, request.query.width);
    reply.header('vary', 'accept');
    return serveObject(request, reply, storage, row, width);
  };
  const schema = { tags: ['storage'], params: ObjectParams, querystring: Query, response: FileResponse };
  app.get<RenderRoute>(
    '/render/image/public/:bucket/*',
    { config: { public: true }, schema: { ...schema, summary: 'A public image at a device width' } },
    serve(true),
  );
  app.get<RenderRoute>(
    '/render/image/authenticated/:bucket/*',
    { config: { capability: 'read' }, schema: { ...schema, summary: 'An image at a device width' } },
    serve(false),
  );

  // createSignedUrl(path, n, { transform }): the width comes from the token, not the query string.
  app.get<RenderRoute>(
    '/render/image/sign/:bucket/*',
    { config: { public: true }, schema: { ...schema, querystring: SignedQuery, summary: 'An image at a device width, with a signed URL' } },
    async (request, reply) => {
      const { row, transform } = await signedObject(request, storage, tokens);
      const wanted = transform?.width;
      reply.header('vary', 'accept');
      return serveObject(request, reply, storage, row, wanted === undefined ? undefined : pickVariant(row.variants, wanted));
    },
  );
}

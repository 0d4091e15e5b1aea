import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { typed } from '../../http/typed-app.js';
import type { TokenService } from '../../auth/tokens.js';
import { pickVariant } from '../image-variants.js';
import type { StorageService } from '../storage-service.js';
import { readableObject, signedObject, type ObjectRequest } from './object-lookup.js';
import { FileResponse, ObjectParams, TokenString } from './schemas.js';
import { serveObject } from './serve-object.js';

const Query = Type.Object({ width: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000 })) }, { additionalProperties: true, maxProperties: 20 });
const SignedQuery = Type.Object({ token: Type.Optional(TokenString) }, { additionalProperties: true, maxProperties: 20 });

/**
 * Resized images, at storage-js's transform URLs (getPublicUrl/createSignedUrl with
 * `transform: {width}` ask for /render/image/...): served from the copies made after upload, the
 * smallest device width at least as wide as asked, else the original. Height, quality and format
 * options are not applied (copies are made once, at quality 75, in the original format).
 */
export function renderRoutes(server: FastifyInstance, storage: StorageService, tokens: TokenService): void {
  const app = typed(server);
  /** The object's copy for the asked width (the smallest at least as wide), else the original. */
  const variant = async (request: ObjectRequest & { query: { width?: number } }, mustBePublic: boolean) => {
    const row = await readableObject(request, storage, { mustBePublic });
    return { row, width: request.query.width === undefined ? undefined : pickVariant(row.variants, request.query.width) };
  };
  const schema = { tags: ['storage'], params: ObjectParams, querystring: Query, response: FileResponse };
  app.get(
    '/render/image/public/:bucket/*',
    { config: { public: true }, schema: { ...schema, summary: 'A public image at a device width' } },
    async (request, reply) => {
      const { row, width } = await variant(request, true);
      reply.header('vary', 'accept');
      return serveObject(request, reply, storage, row, width);
    },
  );
  app.get(
    '/render/image/authenticated/:bucket/*',
    { config: { capability: 'read' }, schema: { ...schema, summary: 'An image at a device width' } },
    async (request, reply) => {
      const { row, width } = await variant(request, false);
      reply.header('vary', 'accept');
      return serveObject(request, reply, storage, row, width);
    },
  );

  // createSignedUrl(path, n, { transform }): the width comes from the token, not the query string.
  app.get(
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

import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import type { TokenService } from '../../auth/tokens.js';
import type { HookBus } from '../../hooks/hook-bus.js';
import type { StorageService } from '../storage-service.js';
import { accountDefaultsRoutes } from './account-defaults-routes.js';
import { bucketRoutes } from './bucket-routes.js';
import { copyMoveRoutes } from './copy-move-routes.js';
import { objectManageRoutes } from './object-manage-routes.js';
import { objectInfoRoutes, objectReadRoutes } from './object-read-routes.js';
import { renderRoutes } from './render-routes.js';
import { makeStorageScope } from './storage-scope.js';
import { textUploadRoutes } from './text-upload-routes.js';
import { uploadRoutes } from './upload-routes.js';

export interface StorageRouteOptions {
  storage: StorageService;
  tokens: TokenService;
  /** Plugins answer the 'storage.textUpload' filter (who may save a course text). */
  hooks: HookBus;
}

/**
 * /storage/v1 (Supabase's storage protocol, for storage-js) plus SPEC §7's /api/upload/text and
 * /api/account/defaults. The storage API answers errors in supabase/storage's shape; uploads take
 * raw bodies of any content type in a child scope of their own.
 */
export async function storageRoutes(app: FastifyInstance, opts: StorageRouteOptions): Promise<void> {
  const { storage, tokens, hooks } = opts;
  await app.register(
    async (scope) => {
      makeStorageScope(scope);
      await scope.register(cors, {
        origin: true,
        allowedHeaders: ['apikey', 'authorization', 'content-type', 'x-client-info', 'x-upsert', 'cache-control', 'x-metadata'],
        exposedHeaders: ['etag', 'content-length', 'content-type', 'last-modified', 'cache-control'],
        methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'],
      });
      bucketRoutes(scope, storage);
      objectManageRoutes(scope, storage, tokens);
      copyMoveRoutes(scope, storage);
      objectInfoRoutes(scope, storage);
      objectReadRoutes(scope, storage, tokens);
      renderRoutes(scope, storage, tokens);
      await scope.register(uploadRoutes, { storage, tokens });
    },
    { prefix: '/storage/v1' },
  );
  await app.register(textUploadRoutes, { storage, hooks });
  await app.register(accountDefaultsRoutes);
}

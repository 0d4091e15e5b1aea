import type { FastifyInstance } from 'fastify';
import { imageRoutes, type SiteImageDeps } from './image-routes.js';

export { IMAGE_WIDTHS, IMAGE_QUALITY, IMAGE_PATH, imageSrc, imageSrcSet, isOptimizable, type ImageWidth } from './contract.js';
export { DEFAULT_CACHE_BYTES, type SiteImageDeps } from './image-routes.js';

/** The image optimizer at GET /_image (public, on every site): see image-routes.ts. */
export async function siteImageRoutes(app: FastifyInstance, deps: SiteImageDeps): Promise<void> {
  await imageRoutes(app, deps);
}

import type { PluginContext } from '@lectern/sdk';
import { LmsTokens } from '../tokens.js';
import { createWishlistService } from './service.js';

export { wishlistRoutes } from './routes.js';
export { isWishlisted } from './store.js';

/** Members' course wishlists, offered to selling plugins through LmsContract.wishlist. */
export function registerWishlist(ctx: PluginContext): void {
  ctx.provide(LmsTokens.wishlist, createWishlistService(ctx));
}

/**
 * The LMS's browser module (plugins README "Browser islands"): the theme loads it as a chunk of its
 * own after hydration, on pages of sites with the LMS on, and draws each island inside the theme's
 * provider. Browser code only: React, @lectern/sdk/site and the plugin's plain modules.
 */
import type { PluginClientModule } from '@lectern/sdk/site';
import { WishlistIsland } from './wishlist-island.js';

export const islands: NonNullable<PluginClientModule['islands']> = { wishlist: WishlistIsland };

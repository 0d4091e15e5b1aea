// The visual editor loads this file (admin/src/screens/content/editor/usePluginBlocks.ts) for sites
// with the shop on; the site draws the same configs through the plugin's `site.blocks`.
export { shopBlocks as blocks, shopBlockCategories as categories } from '../src/site/blocks/shop-blocks.js';

// The visual editor loads this file (admin/src/screens/content/editor/usePluginBlocks.ts) for sites
// with marketing on; the site draws the same configs through the plugin's `site.blocks`.
export { marketingBlocks as blocks, marketingBlockCategories as categories } from '../src/site/blocks.js';

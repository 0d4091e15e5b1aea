// The visual editor loads this file (admin/src/screens/content/editor/usePluginBlocks.ts) for sites
// with the LMS on; the site draws the same configs through the plugin's `site.blocks`.
export { courseBlocks as blocks, courseBlockCategories as categories } from '../src/site/blocks/course-blocks.js';

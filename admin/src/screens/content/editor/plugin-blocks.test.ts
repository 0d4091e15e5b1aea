import { describe, expect, it } from 'vitest';
import { enabledBlockFiles, mergePluginBlocks, NO_PLUGIN_BLOCKS, pluginOfPath } from './plugin-blocks';

const ROOT = '../../../../../plugins';
const FILES = [`${ROOT}/shop/site/blocks.tsx`, `${ROOT}/lms/site/blocks.tsx`, `${ROOT}/forms/site/blocks.tsx`];
const render = () => null;

describe('plugin blocks in the visual editor', () => {
  it('reads the plugin name from the folder of its blocks file', () => {
    expect(pluginOfPath(`${ROOT}/lms/site/blocks.tsx`)).toBe('lms');
    expect(pluginOfPath('../elsewhere/blocks.tsx')).toBeUndefined();
  });

  it('loads only the blocks of plugins that are on for the account, in the kernel order', () => {
    expect(enabledBlockFiles(FILES, ['lms'])).toEqual([{ plugin: 'lms', path: `${ROOT}/lms/site/blocks.tsx` }]);
    expect(enabledBlockFiles(FILES, ['forms', 'shop']).map((f) => f.plugin)).toEqual(['forms', 'shop']);
    // A plugin that is on but ships no blocks, and plugins that are all off.
    expect(enabledBlockFiles(FILES, ['gamification'])).toEqual([]);
    expect(enabledBlockFiles(FILES, [])).toEqual([]);
  });

  it('works with no plugin blocks file at all', () => {
    expect(enabledBlockFiles([], ['lms', 'shop'])).toEqual([]);
    expect(mergePluginBlocks([], new Set(['Heading']))).toBe(NO_PLUGIN_BLOCKS);
  });

  it("never replaces the theme's blocks, lets a later plugin win, and skips malformed ones", () => {
    const merged = mergePluginBlocks(
      [
        {
          plugin: 'shop',
          module: {
            blocks: { Heading: { render }, ProductGrid: { fields: { count: { type: 'number' } }, render }, Broken: { fields: {} }, Price: { render } },
          },
        },
        { plugin: 'lms', module: { blocks: { CourseList: { render }, Price: { label: 'Course price', render } } } },
        { plugin: 'junk', module: { blocks: 'not an object' } },
      ],
      new Set(['Heading']),
    );
    expect(Object.keys(merged.components).sort()).toEqual(['CourseList', 'Price', 'ProductGrid']);
    expect(merged.components.Price?.label).toBe('Course price');
    // Missing fields and defaults read as empty, so Puck can open the block.
    expect(merged.components.CourseList?.fields).toEqual({});
  });

  it("keeps each plugin's categories apart, listing only the blocks it really supplies", () => {
    const merged = mergePluginBlocks(
      [
        {
          plugin: 'shop',
          module: {
            blocks: { ProductGrid: { render } },
            categories: { store: { title: 'Store', components: ['ProductGrid', 'Heading', 'Missing'] }, empty: { components: [] } },
          },
        },
        { plugin: 'lms', module: { blocks: { CourseList: { render } }, categories: { store: { components: ['CourseList'], defaultExpanded: false } } } },
      ],
      new Set(['Heading']),
    );
    expect(merged.categories).toEqual({
      'shop.store': { title: 'Store', components: ['ProductGrid'] },
      'lms.store': { title: 'store', components: ['CourseList'], defaultExpanded: false },
    });
  });
});

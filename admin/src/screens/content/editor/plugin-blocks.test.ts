import { describe, expect, it } from 'vitest';
import { enabledBlockPlugins, mergePluginBlocks, NO_PLUGIN_BLOCKS } from './plugin-blocks';

const SHIPPED = ['shop', 'lms', 'forms'];
const render = () => null;

describe('plugin blocks in the visual editor', () => {
  it('loads only the blocks of plugins that are on for the account, in the kernel order', () => {
    expect(enabledBlockPlugins(SHIPPED, ['lms'])).toEqual(['lms']);
    expect(enabledBlockPlugins(SHIPPED, ['forms', 'shop'])).toEqual(['forms', 'shop']);
    // A plugin that is on but ships no blocks, and plugins that are all off.
    expect(enabledBlockPlugins(SHIPPED, ['gamification'])).toEqual([]);
    expect(enabledBlockPlugins(SHIPPED, [])).toEqual([]);
  });

  it('works with no plugin blocks file at all', () => {
    expect(enabledBlockPlugins([], ['lms', 'shop'])).toEqual([]);
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

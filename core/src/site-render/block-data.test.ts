import { describe, expect, it } from 'vitest';
import { blocksOfTypes, pluginBlockData } from './block-data.js';

const block = (type: string, props: Record<string, unknown> = {}) => ({ type, props });

describe('plugin blocks on a page', () => {
  it('finds the given block types in content, legacy zones and nested slots, with their props', () => {
    const page = {
      root: { props: {} },
      content: [
        block('Heading'),
        block('Columns', { left: [block('CourseCard', { course: 'a' })], right: [block('Columns', { left: [block('CourseGrid', { count: 3 })] })] }),
      ],
      zones: { 'x:main': [block('CourseCard', { course: 'b' })] },
    };
    const footer = { root: { props: {} }, content: [block('CourseCard', { course: 'c' })] };
    expect(blocksOfTypes([page, undefined, footer], new Set(['CourseCard', 'CourseGrid']))).toEqual([
      block('CourseCard', { course: 'a' }),
      block('CourseGrid', { count: 3 }),
      block('CourseCard', { course: 'b' }),
      block('CourseCard', { course: 'c' }),
    ]);
  });

  it('stops at a safe depth and skips malformed entries', () => {
    let nested: unknown[] = [block('CourseCard', { course: 'deep' })];
    for (let i = 0; i < 20; i++) nested = [block('Columns', { left: nested })];
    const found = blocksOfTypes([{ content: [...nested, 'junk', { type: 'CourseCard' }, block('CourseCard', { course: 'top' })] }], new Set(['CourseCard']));
    expect(found).toEqual([block('CourseCard', { course: 'top' })]);
  });

  it('asks a plugin for its data only when its blocks are on the page', async () => {
    const calls: unknown[] = [];
    const plugin = {
      name: 'lms',
      site: { blocks: { CourseGrid: {} }, blockData: async (input: { blocks: unknown[] }) => (calls.push(input.blocks), { grids: 1 }) },
      text: () => (key: string) => key,
    };
    const input = { db: {} as never, accountId: 'a', viewer: null, currency: 'USD', language: 'en' };
    expect(await pluginBlockData([plugin], [{ content: [block('Heading')] }], input)).toEqual({});
    expect(calls).toEqual([]);
    expect(await pluginBlockData([plugin], [{ content: [block('CourseGrid', { count: 2 })] }], input)).toEqual({ lms: { grids: 1 } });
    expect(calls).toEqual([[block('CourseGrid', { count: 2 })]]);
  });
});

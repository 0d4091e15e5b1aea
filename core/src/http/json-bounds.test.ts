import { describe, expect, it } from 'vitest';
import { checkJsonBounds, METADATA_BOUNDS } from './json-bounds.js';

function nested(levels: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < levels; i++) value = i % 2 === 0 ? { a: value } : [value];
  return value;
}

describe('checkJsonBounds', () => {
  const loose = { maxDepth: 8, maxBytes: 1_000_000 };

  it('counts depth as JSON nests it: scalars 0, each object or array one more', () => {
    expect(checkJsonBounds('x', { maxDepth: 0, maxBytes: 100 })).toBeNull();
    expect(checkJsonBounds({}, { maxDepth: 0, maxBytes: 100 })).toBe('is nested deeper than 0 levels');
    expect(checkJsonBounds(nested(8), loose)).toBeNull();
    expect(checkJsonBounds(nested(9), loose)).toBe('is nested deeper than 8 levels');
  });

  it('refuses a value nested a hundred thousand levels without overflowing the stack', () => {
    const deep = JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`) as unknown;
    expect(checkJsonBounds(deep, loose)).toBe('is nested deeper than 8 levels');
  });

  it('measures the compact JSON size in UTF-8 bytes exactly', () => {
    const samples: unknown[] = [
      { name: 'Ada', tags: ['a', 'b'], n: 12.5, ok: true, none: null },
      ['é', '日本', { '"quoted"': '\\' }, -0.001, false],
      { empty: {}, list: [], nested: { deeper: [1, [2, [3]]] } },
    ];
    for (const sample of samples) {
      const size = Buffer.byteLength(JSON.stringify(sample));
      expect(checkJsonBounds(sample, { maxDepth: 10, maxBytes: size })).toBeNull();
      expect(checkJsonBounds(sample, { maxDepth: 10, maxBytes: size - 1 })).toBe(`is larger than ${size - 1} bytes`);
    }
  });

  it('stops at the first long string rather than walking the rest', () => {
    const big = { a: 'x'.repeat(20_000), b: Array.from({ length: 10_000 }, () => ({ c: 1 })) };
    expect(checkJsonBounds(big, { maxDepth: 8, maxBytes: 16_384 })).toBe('is larger than 16384 bytes');
  });

  it('bounds free-form metadata at 8 levels and 16 KB', () => {
    expect(checkJsonBounds(nested(8), METADATA_BOUNDS)).toBeNull();
    expect(checkJsonBounds(nested(9), METADATA_BOUNDS)).toBe('is nested deeper than 8 levels');
    expect(checkJsonBounds({ a: 'x'.repeat(16 * 1024) }, METADATA_BOUNDS)).toBe('is larger than 16384 bytes');
  });
});

import { describe, expect, it } from 'vitest';
import { jsonDepthExceeds, MAX_JSON_DEPTH } from './json-body.js';

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('jsonDepthExceeds', () => {
  it('counts arrays and objects, and stops counting inside strings', () => {
    expect(jsonDepthExceeds(nested(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(jsonDepthExceeds(nested(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
    expect(jsonDepthExceeds(JSON.stringify({ a: { b: [{ c: 1 }] } }), 3)).toBe(true);
    expect(jsonDepthExceeds(JSON.stringify({ a: { b: [{ c: 1 }] } }), 4)).toBe(false);
    // Brackets and escaped quotes inside strings are text.
    expect(jsonDepthExceeds(JSON.stringify({ text: '[[[[[[ "quoted" {{{{' }), 1)).toBe(false);
    expect(jsonDepthExceeds(JSON.stringify({ text: 'ends with a backslash \\', more: [[1]] }), 2)).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { moved } from './moved';

describe('moving an item of a builder', () => {
  it('moves one place up or down and leaves the list given alone', () => {
    const list = ['a', 'b', 'c'];
    expect(moved(list, 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moved(list, 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moved(list, 0, 1)).toEqual(['b', 'a', 'c']);
    expect(list).toEqual(['a', 'b', 'c']);
  });
});

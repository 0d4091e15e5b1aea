import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache.js';

describe('TtlCache', () => {
  it('forgets entries when they expire', () => {
    let now = 0;
    const cache = new TtlCache<string>(1000, 10, () => now);
    cache.set('a', 'x');
    now = 999;
    expect(cache.get('a')).toBe('x');
    now = 1000;
    expect(cache.get('a')).toBeUndefined();
  });

  it('keeps its size bound by dropping the oldest', () => {
    const cache = new TtlCache<number>(1000, 2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 2, 3]);
  });

  it('drops a prefix', () => {
    const cache = new TtlCache<number>(1000);
    cache.set('acct1:x', 1);
    cache.set('acct1:y', 2);
    cache.set('acct2:x', 3);
    cache.deletePrefix('acct1:');
    expect([cache.get('acct1:x'), cache.get('acct1:y'), cache.get('acct2:x')]).toEqual([undefined, undefined, 3]);
  });
});

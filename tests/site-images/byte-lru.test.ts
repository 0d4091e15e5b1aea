import { describe, expect, it } from 'vitest';
import { ByteLru } from '../../core/src/site-images/byte-lru.js';

const entry = (size: number) => ({ bytes: Buffer.alloc(size) });

describe('ByteLru', () => {
  it('drops the least recently used entries once the byte budget is exceeded', () => {
    const lru = new ByteLru<{ bytes: Buffer }>(100, 50);
    lru.set('a', entry(40));
    lru.set('b', entry(40));
    expect(lru.get('a')).toBeDefined(); // a is now the most recent
    lru.set('c', entry(40));
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBeDefined();
    expect(lru.get('c')).toBeDefined();
    expect(lru.bytes).toBe(80);
  });

  it('does not keep an entry larger than its share of the budget', () => {
    const lru = new ByteLru<{ bytes: Buffer }>(100, 50);
    lru.set('small', entry(10));
    lru.set('huge', entry(60));
    expect(lru.get('huge')).toBeUndefined();
    expect(lru.get('small')).toBeDefined();
  });

  it('counts a replaced entry once', () => {
    const lru = new ByteLru<{ bytes: Buffer }>(100);
    lru.set('a', entry(10));
    lru.set('a', entry(5));
    expect(lru.size).toBe(1);
    expect(lru.bytes).toBe(5);
  });
});

import { describe, expect, it } from 'vitest';
import { groupResults, hitHref, SEARCH_DEBOUNCE_MS, searchUrl, shouldSearch, showNotFound } from './search-rules.js';

const hit = (id: string) => ({ id, title: `Title ${id}`, url: `/blog/${id}`, image: null, excerpt: '' });

describe('search rules (SPEC §5, §9)', () => {
  it('runs only on a non-empty term, 500 ms after typing stops', () => {
    expect(SEARCH_DEBOUNCE_MS).toBe(500);
    expect(shouldSearch('')).toBe(false);
    expect(shouldSearch('   ')).toBe(false);
    expect(shouldSearch('a')).toBe(true);
  });

  it('asks the search endpoint with the term and the filter', () => {
    expect(searchUrl(' art & craft ', 'courses')).toBe('/api/site/search?term=art+%26+craft&type=courses');
  });

  it('groups hits by type, at most 9 each, skipping junk and empty groups', () => {
    const groups = groupResults({ members: [hit('m1')], blog: Array.from({ length: 12 }, (_, i) => hit(`b${i}`)), pages: [], courses: [{ nope: true }] });
    expect(groups.map((g) => g.type)).toEqual(['blog', 'members']);
    expect(groups[0]!.hits).toHaveLength(9);
    expect(groupResults(null)).toEqual([]);
  });

  it('says errors.notFound only for a term longer than 3 characters with nothing found', () => {
    expect(showNotFound('math', [], true)).toBe(true);
    expect(showNotFound('mat', [], true)).toBe(false);
    expect(showNotFound(' mat ', [], true)).toBe(false);
    expect(showNotFound('maths', groupResults({ blog: [hit('x')] }), true)).toBe(false);
    expect(showNotFound('maths', [], false)).toBe(false);
  });

  it('links hits only to this site or to http(s)', () => {
    expect(hitHref('/blog/x')).toBe('/blog/x');
    expect(hitHref('//evil.example')).toBe('#');
    expect(hitHref('javascript:alert(1)')).toBe('#');
  });
});

import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-path';

describe('the page after sign-in', () => {
  it('returns to a path on this site', () => {
    expect(safeReturnPath('/dashboard/billing')).toBe('/dashboard/billing');
    expect(safeReturnPath('/dashboard/tickets?status=awaited')).toBe('/dashboard/tickets?status=awaited');
  });

  it('never leaves the site, whatever redirectedFrom says', () => {
    for (const value of ['https://evil.test/', '//evil.test/x', '/\\evil.test', 'javascript:alert(1)', '', null]) {
      expect(safeReturnPath(value)).toBe('/dashboard');
    }
  });
});

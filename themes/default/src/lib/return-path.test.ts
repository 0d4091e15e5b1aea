import { describe, expect, it } from 'vitest';
import { returnPathOf } from '../auth/auth-panel.js';
import { safeReturnPath } from './return-path.js';

describe('the path after sign-in', () => {
  it('follows redirectedFrom only to a path on this site', () => {
    expect(safeReturnPath('/dashboard/courses?tab=2')).toBe('/dashboard/courses?tab=2');
    expect(safeReturnPath('//evil.example/')).toBe('/dashboard');
    expect(safeReturnPath('/\\evil.example')).toBe('/dashboard');
    expect(safeReturnPath('https://evil.example/')).toBe('/dashboard');
    expect(safeReturnPath('/\t/evil.example')).toBe('/dashboard');
    expect(safeReturnPath(null)).toBe('/dashboard');
  });

  it('reads it from the page URL', () => {
    expect(returnPathOf('/login?redirectedFrom=%2Fcourse%2Fart')).toBe('/course/art');
    expect(returnPathOf('/login?redirectedFrom=https://evil.example')).toBe('/dashboard');
    expect(returnPathOf('/login')).toBe('/dashboard');
  });
});

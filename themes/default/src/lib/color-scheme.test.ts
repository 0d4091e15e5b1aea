import { COLOR_SCHEME_COOKIE as KERNEL_COOKIE } from '@lectern/sdk';
import { describe, expect, it } from 'vitest';
import { COLOR_SCHEME_COOKIE, colorSchemeCookie } from './color-scheme.js';

describe('the light/dark cookie', () => {
  it('is the cookie the kernel reads, kept a year on the whole site', () => {
    expect(COLOR_SCHEME_COOKIE).toBe(KERNEL_COOKIE);
    expect(colorSchemeCookie('dark', false)).toBe('lectern-theme=dark; Max-Age=31536000; Path=/; SameSite=Lax');
  });
});

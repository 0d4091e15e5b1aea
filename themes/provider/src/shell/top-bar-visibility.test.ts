import { describe, expect, it } from 'vitest';
import { topBarVisible } from './top-bar-visibility.js';

describe('top bar visibility (SPEC §9: hides after 100 px of scroll)', () => {
  it('stays while the page is within 100 px of the top', () => {
    expect(topBarVisible(0, 60, true)).toBe(true);
    expect(topBarVisible(60, 100, true)).toBe(true);
  });

  it('hides on scroll down past 100 px and comes back on scroll up', () => {
    expect(topBarVisible(100, 101, true)).toBe(false);
    expect(topBarVisible(400, 380, false)).toBe(true);
    expect(topBarVisible(380, 380, false)).toBe(false);
    expect(topBarVisible(380, 50, false)).toBe(true);
  });
});

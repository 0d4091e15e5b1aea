import { describe, expect, it } from 'vitest';
import { DEFAULT_POPUP_RULES, mayShow, onPage, pathMatches, scrolledPercent, type PopupMemory, type PopupRules } from './rules.js';

const fresh: PopupMemory = { lastShownAt: null, converted: false, shownThisVisit: false, closedThisVisit: false };
const rules = (changes: Partial<PopupRules>): PopupRules => ({ ...DEFAULT_POPUP_RULES, ...changes });
const now = Date.UTC(2026, 10, 27, 12);
const DAY = 86_400_000;

describe('popup pages', () => {
  it('matches a page exactly, trailing slash or not, and a section with /*', () => {
    expect(pathMatches('/pricing', '/pricing')).toBe(true);
    expect(pathMatches('/pricing/', '/pricing')).toBe(true);
    expect(pathMatches('/pricing', '/pricing/')).toBe(true);
    expect(pathMatches('/pricing', '/pricing-old')).toBe(false);
    expect(pathMatches('/blog/*', '/blog/first-post')).toBe(true);
    expect(pathMatches('/blog/*', '/blog')).toBe(false);
    expect(pathMatches('/blog/*', '/blogroll')).toBe(false);
    expect(pathMatches('/*', '/')).toBe(true);
    expect(pathMatches('/', '/about')).toBe(false);
  });

  it('carries the popup on every page, only the listed ones, or all but them', () => {
    expect(onPage({ mode: 'all', paths: [] }, '/anything')).toBe(true);
    expect(onPage({ mode: 'only', paths: ['/', '/blog/*'] }, '/')).toBe(true);
    expect(onPage({ mode: 'only', paths: ['/', '/blog/*'] }, '/blog/a')).toBe(true);
    expect(onPage({ mode: 'only', paths: ['/', '/blog/*'] }, '/about')).toBe(false);
    expect(onPage({ mode: 'only', paths: [] }, '/')).toBe(false);
    expect(onPage({ mode: 'except', paths: ['/checkout'] }, '/checkout')).toBe(false);
    expect(onPage({ mode: 'except', paths: ['/checkout'] }, '/about')).toBe(true);
  });
});

describe('popup frequency and audience', () => {
  it('shows to the audience asked for', () => {
    expect(mayShow(rules({ audience: 'signed_in' }), fresh, { signedIn: false, now })).toBe(false);
    expect(mayShow(rules({ audience: 'signed_in' }), fresh, { signedIn: true, now })).toBe(true);
    expect(mayShow(rules({ audience: 'signed_out' }), fresh, { signedIn: true, now })).toBe(false);
    expect(mayShow(rules({ audience: 'signed_out' }), fresh, { signedIn: false, now })).toBe(true);
    expect(mayShow(rules({ audience: 'everyone' }), fresh, { signedIn: true, now })).toBe(true);
  });

  it('never shows again once closed this visit or once its form was sent', () => {
    for (const frequency of ['every_page', 'once_per_session', 'every_days', 'once'] as const) {
      expect(mayShow(rules({ frequency }), { ...fresh, closedThisVisit: true }, { signedIn: false, now })).toBe(false);
      expect(mayShow(rules({ frequency }), { ...fresh, converted: true }, { signedIn: false, now })).toBe(false);
      expect(mayShow(rules({ frequency }), fresh, { signedIn: false, now })).toBe(true);
    }
  });

  it('counts each frequency from what the browser remembers', () => {
    const seen: PopupMemory = { ...fresh, lastShownAt: now - 2 * DAY, shownThisVisit: true };
    expect(mayShow(rules({ frequency: 'every_page' }), seen, { signedIn: false, now })).toBe(true);
    expect(mayShow(rules({ frequency: 'once_per_session' }), seen, { signedIn: false, now })).toBe(false);
    expect(mayShow(rules({ frequency: 'once_per_session' }), { ...seen, shownThisVisit: false }, { signedIn: false, now })).toBe(true);
    expect(mayShow(rules({ frequency: 'every_days', every_days: 3 }), seen, { signedIn: false, now })).toBe(false);
    expect(mayShow(rules({ frequency: 'every_days', every_days: 2 }), seen, { signedIn: false, now })).toBe(true);
    expect(mayShow(rules({ frequency: 'once' }), { ...seen, shownThisVisit: false }, { signedIn: false, now })).toBe(false);
  });
});

describe('scroll depth', () => {
  it('is the bottom of the viewport over the page height, and 100 for a page that does not scroll', () => {
    expect(scrolledPercent(0, 800, 800)).toBe(100);
    expect(scrolledPercent(0, 800, 3200)).toBe(25);
    expect(scrolledPercent(800, 800, 3200)).toBe(50);
    expect(scrolledPercent(2400, 800, 3200)).toBe(100);
  });
});

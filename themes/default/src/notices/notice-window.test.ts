import { describe, expect, it } from 'vitest';
import type { NoticeOptions } from '../lib/site-settings.js';
import { headerNoticeVisible, insideWindow, nextWindowChange, noticeSignature } from './notice-window.js';

const at = (iso: string) => Date.parse(iso);
const notice = (overrides: Partial<NoticeOptions> = {}): NoticeOptions => ({
  enabled: true,
  html: '<p>Enrolment opens Monday</p>',
  background: null,
  start: at('2025-06-01T09:00:00Z'),
  expire: at('2025-06-08T09:00:00Z'),
  ...overrides,
});

describe('the header notice window (SPEC §4)', () => {
  it('is hidden before its start, shown inside, hidden from its expiry on', () => {
    expect(headerNoticeVisible(notice(), at('2025-06-01T08:59:59Z'), null)).toBe(false);
    expect(headerNoticeVisible(notice(), at('2025-06-01T09:00:00Z'), null)).toBe(true);
    expect(headerNoticeVisible(notice(), at('2025-06-08T08:59:59Z'), null)).toBe(true);
    expect(headerNoticeVisible(notice(), at('2025-06-08T09:00:00Z'), null)).toBe(false);
  });

  it('has no limit on a side that is not set', () => {
    expect(insideWindow({ start: null, expire: null }, 0)).toBe(true);
    expect(insideWindow({ start: null, expire: at('2025-01-01T00:00:00Z') }, at('2024-12-31T00:00:00Z'))).toBe(true);
    expect(insideWindow({ start: at('2025-01-01T00:00:00Z'), expire: null }, at('2030-01-01T00:00:00Z'))).toBe(true);
  });

  it('stays hidden when switched off or empty', () => {
    expect(headerNoticeVisible(notice({ enabled: false }), at('2025-06-02T00:00:00Z'), null)).toBe(false);
    expect(headerNoticeVisible(notice({ html: '  ' }), at('2025-06-02T00:00:00Z'), null)).toBe(false);
  });

  it('stays hidden for the session once dismissed, but a new notice shows again', () => {
    const now = at('2025-06-02T00:00:00Z');
    const flag = noticeSignature(notice());
    expect(headerNoticeVisible(notice(), now, flag)).toBe(false);
    expect(headerNoticeVisible(notice({ html: '<p>Exams next week</p>' }), now, flag)).toBe(true);
  });

  it('knows when the page must look again', () => {
    expect(nextWindowChange(notice(), at('2025-06-01T08:00:00Z'))).toBe(3_600_000);
    expect(nextWindowChange(notice(), at('2025-06-07T09:00:00Z'))).toBe(86_400_000);
    expect(nextWindowChange(notice(), at('2025-06-09T00:00:00Z'))).toBeNull();
  });
});

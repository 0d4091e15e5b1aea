import type { NoticeOptions } from '../lib/site-settings.js';

/** SPEC §9 "the hide-header-notice session flag" (sessionStorage). */
export const HIDE_HEADER_NOTICE_KEY = 'lectern-hide-header-notice';

/** Whether the notice's schedule allows it at `now` (ms): not before its start, not from its expiry on. */
export function insideWindow(notice: Pick<NoticeOptions, 'start' | 'expire'>, now: number): boolean {
  if (notice.start !== null && now < notice.start) return false;
  if (notice.expire !== null && now >= notice.expire) return false;
  return true;
}

/**
 * A value that changes when the owner publishes a different notice, so dismissing one does not
 * hide the next for the rest of the session.
 */
export function noticeSignature(notice: Pick<NoticeOptions, 'html' | 'start' | 'expire'>): string {
  const text = `${notice.start ?? ''}|${notice.expire ?? ''}|${notice.html}`;
  let hash = 5381;
  for (let i = 0; i < text.length; i += 1) hash = ((hash * 33) ^ text.charCodeAt(i)) >>> 0;
  return hash.toString(36);
}

/** SPEC §4 Header notice: shown when enabled, non-empty, inside its window and not dismissed this session. */
export function headerNoticeVisible(notice: NoticeOptions, now: number, dismissedFlag: string | null): boolean {
  if (!notice.enabled || notice.html.trim() === '') return false;
  if (dismissedFlag !== null && dismissedFlag === noticeSignature(notice)) return false;
  return insideWindow(notice, now);
}

/** Milliseconds until the window opens or closes next (for a page left open), or null. */
export function nextWindowChange(notice: Pick<NoticeOptions, 'start' | 'expire'>, now: number): number | null {
  const upcoming = [notice.start, notice.expire].filter((t): t is number => t !== null && t > now);
  if (upcoming.length === 0) return null;
  return Math.min(...upcoming) - now;
}

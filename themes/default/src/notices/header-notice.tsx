import { useEffect, useState } from 'react';
import { useSite } from '../app/site-context.js';
import { readStorage, writeStorage } from '../lib/browser-storage.js';
import { readNotices } from '../lib/site-settings.js';
import { CloseIcon } from '../widgets/icons.js';
import { HIDE_HEADER_NOTICE_KEY, headerNoticeVisible, nextWindowChange, noticeSignature } from './notice-window.js';

/** Longest delay setTimeout honours (about 24.8 days). */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * SPEC §4 header notice bar: hidden before its start, after its expiry, or once dismissed for the
 * session. The server decides with its clock at render time (the browser's first render repeats
 * that decision); the browser then re-checks with its own clock, because the HTML may come from
 * the page cache, and keeps checking while the page stays open.
 */
export function HeaderNotice() {
  const { t, data, renderedAt } = useSite();
  const notice = readNotices(data.shell).header;
  const [visible, setVisible] = useState(() => headerNoticeVisible(notice, renderedAt, null));
  const signature = noticeSignature(notice);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      const now = Date.now();
      setVisible(headerNoticeVisible(notice, now, readStorage('session', HIDE_HEADER_NOTICE_KEY)));
      const wait = nextWindowChange(notice, now);
      if (wait !== null) timer = setTimeout(check, Math.min(wait + 50, MAX_TIMER_MS));
    };
    check();
    return () => clearTimeout(timer);
    // The notice comes from the page data, which never changes after hydration.
  }, [signature]);

  if (!visible) return null;
  const dismiss = () => {
    writeStorage('session', HIDE_HEADER_NOTICE_KEY, signature);
    setVisible(false);
  };
  return (
    <div
      className="site-notice site-notice--header"
      style={notice.background === null ? undefined : { background: notice.background }}
      data-testid="header-notice"
    >
      <div className="site-notice__content rich-text" dangerouslySetInnerHTML={{ __html: notice.html }} />
      <button type="button" className="icon-button site-notice__close" aria-label={t('notice.dismiss')} onClick={dismiss}>
        <CloseIcon />
      </button>
    </div>
  );
}

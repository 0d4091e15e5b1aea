import { useSite } from '../app/site-context.js';
import { readNotices } from '../lib/site-settings.js';

/** SPEC §3 footer notice: the owner's rich text on its background colour, when switched on. */
export function FooterNotice() {
  const { data } = useSite();
  const notice = readNotices(data.shell).footer;
  if (!notice.enabled || notice.html.trim() === '') return null;
  return (
    <div
      className="site-notice site-notice--footer"
      style={notice.background === null ? undefined : { background: notice.background }}
      data-testid="footer-notice"
    >
      <div className="site-notice__content rich-text" dangerouslySetInnerHTML={{ __html: notice.html }} />
    </div>
  );
}

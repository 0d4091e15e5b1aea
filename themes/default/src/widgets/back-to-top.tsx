import { useSite } from '../app/site-context.js';
import { useScrolledPast } from '../lib/use-scrolled-past.js';
import { ArrowUpIcon } from './icons.js';

/** SPEC §9: the button appears after 200 px of scroll. */
export const BACK_TO_TOP_AFTER_PX = 200;

/**
 * Back to the top of the page. Focus goes to the page's first element (the skip link's target
 * order starts there) so keyboard users continue from the top, not from a vanished button.
 */
export function BackToTop({ focusTargetId = 'top' }: { focusTargetId?: string }) {
  const { t } = useSite();
  const shown = useScrolledPast(BACK_TO_TOP_AFTER_PX);
  if (!shown) return null;
  const toTop = () => {
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
    const target = document.getElementById(focusTargetId);
    target?.focus({ preventScroll: true });
  };
  return (
    <button type="button" className="back-to-top" aria-label={t('backToTop')} onClick={toTop} data-testid="back-to-top">
      <ArrowUpIcon />
    </button>
  );
}

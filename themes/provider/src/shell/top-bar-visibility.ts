/** SPEC §9: the provider shell's top bar hides once the page has scrolled 100 px down. */
export const TOP_BAR_HIDE_AFTER_PX = 100;

/**
 * Whether the top bar shows after a scroll from `previousY` to `y`: always near the top, hidden while
 * the reader scrolls down past the threshold, back as soon as they scroll up.
 */
export function topBarVisible(previousY: number, y: number, wasVisible: boolean): boolean {
  if (y <= TOP_BAR_HIDE_AFTER_PX) return true;
  if (y > previousY) return false;
  if (y < previousY) return true;
  return wasVisible;
}

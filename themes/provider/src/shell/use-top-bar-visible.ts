import { useEffect, useState } from 'react';
import { topBarVisible } from './top-bar-visibility.js';

/** Follows the window's scroll and answers whether the top bar should show (see topBarVisible). */
export function useTopBarVisible(): boolean {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    let previousY = window.scrollY;
    let shown = true;
    let frame = 0;
    const update = () => {
      frame = 0;
      const y = window.scrollY;
      shown = topBarVisible(previousY, y, shown);
      previousY = y;
      setVisible(shown);
    };
    // One update per frame however many scroll events arrive.
    const onScroll = () => {
      if (frame === 0) frame = window.requestAnimationFrame(update);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame !== 0) window.cancelAnimationFrame(frame);
    };
  }, []);
  return visible;
}

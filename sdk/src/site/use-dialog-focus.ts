import { useEffect, useRef, type RefObject } from 'react';
import { focusableIn } from './focusable.js';

/**
 * Modal behaviour for drawers and dialogs while `open`: focus moves inside, Tab cycles within,
 * Escape calls onClose, and focus returns to where it was when the dialog closes.
 */
export function useDialogFocus(container: RefObject<HTMLElement | null>, open: boolean, onClose: () => void, initial?: RefObject<HTMLElement | null>): void {
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = container.current;
    (initial?.current ?? (root === null ? undefined : focusableIn(root)[0]) ?? root)?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close.current();
        return;
      }
      if (event.key !== 'Tab' || container.current === null) return;
      const items = focusableIn(container.current);
      const first = items[0];
      const last = items[items.length - 1];
      if (first === undefined || last === undefined) {
        event.preventDefault();
        return;
      }
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !container.current.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !container.current.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      // Back to the control that opened it, if it is still on the page.
      if (previous !== null && previous.isConnected) previous.focus();
    };
  }, [open, container, initial]);
}

import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

/**
 * The menu button and panel shown under 768 px (CSS decides the width). Opening moves focus into
 * the panel; Escape closes it and returns focus to the button.
 */
export function MobileMenu({ children, onOpenChange }: { children: ReactNode; onOpenChange: (open: boolean) => void }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    onOpenChange(open);
    if (!open) return;
    panel.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onOpenChange]);

  return (
    <>
      <button
        ref={button}
        type="button"
        className="menu-button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={open ? 'Close menu' : 'Open menu'}
        onClick={() => setOpen((was) => !was)}
      >
        <span className="menu-icon" aria-hidden="true" />
      </button>
      <div ref={panel} id={panelId} className="mobile-menu" hidden={!open}>
        {children}
      </div>
    </>
  );
}

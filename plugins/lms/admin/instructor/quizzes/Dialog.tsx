import { useEffect, useId, useRef, type ReactNode } from 'react';
import styled from 'styled-components';

const Shell = styled.dialog`
  border: 1px solid ${(p) => p.theme.border};
  border-radius: 10px;
  background: ${(p) => p.theme.surface};
  color: ${(p) => p.theme.text};
  width: min(40rem, calc(100vw - 2rem));
  max-height: calc(100vh - 4rem);
  padding: 1.25rem;
  &::backdrop {
    background: rgba(0, 0, 0, 0.45);
  }
  h2 {
    margin: 0 0 1rem;
    font-size: 1.2rem;
  }
`;

/**
 * A modal panel on the native <dialog>: the browser traps focus, closes on Escape and puts it on
 * top of the page. A confirmation may open inside it: React hands an inner dialog's close event to
 * the enclosing dialogs' handlers too, so this one only closes for its own.
 */
export function Dialog({
  open,
  title,
  onClose,
  children,
  testId,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  testId?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog === null) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <Shell
      ref={ref}
      aria-labelledby={titleId}
      data-testid={testId}
      onClose={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {open ? (
        <>
          <h2 id={titleId}>{title}</h2>
          {children}
        </>
      ) : null}
    </Shell>
  );
}

import { useEffect, useRef, type ReactNode } from 'react';
import styled from 'styled-components';

const DialogBox = styled.dialog`
  border: 1px solid ${(p) => p.theme.border};
  border-radius: 10px;
  background: ${(p) => p.theme.surface};
  color: ${(p) => p.theme.text};
  width: min(32rem, calc(100vw - 2rem));
  &::backdrop {
    background: rgba(0, 0, 0, 0.45);
  }
  h2 {
    margin-top: 0;
  }
`;

/** A modal form (Escape or Cancel closes it) for the per-row editors. */
export function Modal({ open, title, onClose, children }: { open: boolean; title: string; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog === null) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <DialogBox ref={ref} onClose={onClose} aria-labelledby="platform-modal-title">
      <h2 id="platform-modal-title">{title}</h2>
      {open ? children : null}
    </DialogBox>
  );
}

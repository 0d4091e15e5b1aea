import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { Icon } from './Icon';
import { IconButton, Row } from './primitives';

const Box = styled.dialog<{ $width: number; $fit: boolean }>`
  border: 1px solid ${(p) => p.theme.border};
  border-radius: 10px;
  background: ${(p) => p.theme.surface};
  color: ${(p) => p.theme.text};
  ${(p) => (p.$fit ? 'max-width' : 'width')}: min(${(p) => p.$width}rem, calc(100vw - 2rem));
  max-height: calc(100vh - 2rem);
  &::backdrop {
    background: rgba(0, 0, 0, 0.45);
  }
  h2 {
    margin-top: 0;
  }
`;

const Header = styled(Row)`
  justify-content: space-between;
  margin-bottom: 0.75rem;
  h2 {
    margin: 0;
    font-size: 1.15rem;
  }
`;

/**
 * A modal box on the native <dialog>: the browser keeps focus inside, puts it on top of the page
 * and closes it on Escape, which reaches `onClose` like any other close. Children render only while
 * it is open, so a form inside starts fresh each time.
 */
export function Modal({
  open,
  title,
  onClose,
  children,
  width = 32,
  fit = false,
  testId,
  closeLabel,
  onOpen,
  className,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** In rem; the box never gets wider than the window less a margin. */
  width?: number;
  /** Make `width` a maximum and let the box shrink to its content (confirmations). */
  fit?: boolean;
  testId?: string;
  /** Adds a close button beside the title, for dialogs without a Cancel of their own. */
  closeLabel?: string;
  /** Runs just before the dialog opens, to reset what the last opening left behind. */
  onOpen?: () => void;
  className?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  // Several dialogs can share a screen (a picker's and the screen's own): each titles itself.
  const titleId = useId();
  // The latest callback without reopening when the caller passes a new function each render.
  const onOpenRef = useRef(onOpen);
  onOpenRef.current = onOpen;
  // Before paint, in the same commit that mounts or drops the children: no frame shows an empty box.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (dialog === null) return;
    if (open && !dialog.open) {
      onOpenRef.current?.();
      dialog.showModal();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);
  const heading = <h2 id={titleId}>{title}</h2>;
  return (
    <Box
      ref={ref}
      className={className}
      $width={width}
      $fit={fit}
      aria-labelledby={titleId}
      data-testid={testId}
      // React hands a nested dialog's close event (a confirmation inside) to this handler too:
      // only this dialog's own close closes it.
      onClose={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {closeLabel === undefined ? (
        heading
      ) : (
        <Header>
          {heading}
          <IconButton type="button" onClick={onClose} aria-label={closeLabel}>
            <Icon name="close" />
          </IconButton>
        </Header>
      )}
      {open ? children : null}
    </Box>
  );
}

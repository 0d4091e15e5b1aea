import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { IconButton } from '../ui/primitives';

const Wrap = styled.div`
  position: relative;
`;
const Panel = styled.div<{ $width: string }>`
  position: absolute;
  inset-inline-end: 0;
  top: calc(100% + 6px);
  width: ${(p) => p.$width};
  max-height: 70vh;
  overflow: auto;
  background: ${(p) => p.theme.surface};
  color: ${(p) => p.theme.text};
  border: 1px solid ${(p) => p.theme.border};
  border-radius: 10px;
  box-shadow: ${(p) => p.theme.shadow};
  padding: 0.5rem;
  z-index: 50;
`;
export const Count = styled.span`
  position: absolute;
  top: 0;
  inset-inline-end: 0;
  min-width: 1.1rem;
  height: 1.1rem;
  padding: 0 0.25rem;
  border-radius: 999px;
  background: ${(p) => p.theme.danger};
  color: #fff;
  font-size: 0.7rem;
  line-height: 1.1rem;
  text-align: center;
`;

/**
 * A top-bar button with a popover: Escape and a click outside close it, focus returns to the button.
 * `onOpen` runs each time it opens (the chat dropdown marks everything read then).
 */
export function Dropdown(props: {
  label: string;
  icon: ReactNode;
  count?: number;
  width?: string;
  onOpen?: () => void;
  testId?: string;
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();
  const { onOpen } = props;
  useEffect(() => {
    if (!open) return;
    onOpen?.();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    const onClick = (event: MouseEvent) => {
      if (wrap.current !== null && !wrap.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onClick);
    };
  }, [open, onOpen]);
  const count = props.count ?? 0;
  return (
    <Wrap ref={wrap}>
      <IconButton
        ref={button}
        aria-label={count > 0 ? `${props.label} (${count})` : props.label}
        title={props.label}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        data-testid={props.testId}
      >
        {props.icon}
        {count > 0 ? <Count aria-hidden="true">{count > 99 ? '99+' : count}</Count> : null}
      </IconButton>
      {open ? (
        <Panel id={id} $width={props.width ?? '20rem'}>
          {props.children(() => setOpen(false))}
        </Panel>
      ) : null}
    </Wrap>
  );
}

export const MenuList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  a,
  button {
    display: flex;
    align-items: center;
    gap: 0.6rem;
    width: 100%;
    padding: 0.5rem 0.6rem;
    border: 0;
    border-radius: 6px;
    background: transparent;
    color: inherit;
    font: inherit;
    text-align: start;
    text-decoration: none;
    cursor: pointer;
  }
  a:hover,
  button:hover {
    background: ${(p) => p.theme.surfaceAlt};
  }
`;
export const MenuHeading = styled.div`
  padding: 0.4rem 0.6rem;
  font-size: 0.75rem;
  font-weight: 700;
  text-transform: uppercase;
  color: ${(p) => p.theme.muted};
`;

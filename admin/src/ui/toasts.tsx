import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';

/** SPEC §9: toasts stay 5000 ms. */
export const TOAST_MS = 5000;

type ToastKind = 'success' | 'danger' | 'info';
interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
}

const ToastContext = createContext<(text: string, kind?: ToastKind) => void>(() => undefined);

const Stack = styled.div`
  position: fixed;
  inset-block-end: 1rem;
  inset-inline-end: 1rem;
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  z-index: 1000;
`;
const Item = styled.div<{ $kind: ToastKind }>`
  min-width: 16rem;
  max-width: 26rem;
  padding: 0.75rem 1rem;
  border-radius: 8px;
  color: #fff;
  box-shadow: ${(p) => p.theme.shadow};
  background: ${(p) => p.theme[p.$kind]};
`;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(0);
  const show = useCallback((text: string, kind: ToastKind = 'success') => {
    const id = ++next.current;
    setToasts((list) => [...list, { id, kind, text }]);
    setTimeout(() => setToasts((list) => list.filter((t) => t.id !== id)), TOAST_MS);
  }, []);
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <Stack aria-live="polite">
        {toasts.map((toast) => (
          <Item key={toast.id} $kind={toast.kind} role={toast.kind === 'danger' ? 'alert' : 'status'} data-testid="toast">
            {toast.text}
          </Item>
        ))}
      </Stack>
    </ToastContext.Provider>
  );
}

export const useToast = () => useContext(ToastContext);

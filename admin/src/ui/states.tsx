import { useTranslation } from 'react-i18next';
import styled, { keyframes } from 'styled-components';
import { errorText } from '../i18n/error-text';
import { Button, Muted } from './primitives';

export { errorText };

const spin = keyframes`to { transform: rotate(360deg); }`;
const Spinner = styled.div`
  width: 1.6rem;
  height: 1.6rem;
  border-radius: 50%;
  border: 3px solid ${(p) => p.theme.border};
  border-top-color: ${(p) => p.theme.primary};
  animation: ${spin} 0.8s linear infinite;
`;
const Centered = styled.div`
  display: grid;
  place-items: center;
  gap: 0.75rem;
  padding: 2.5rem 1rem;
  text-align: center;
`;

export function Loading() {
  const { t } = useTranslation();
  return (
    <Centered role="status" aria-live="polite">
      <Spinner />
      <span className="visually-hidden">{t('common.loading')}</span>
    </Centered>
  );
}

export function EmptyState({ title, hint, action }: { title: string; hint?: string; action?: React.ReactNode }) {
  return (
    <Centered>
      <strong>{title}</strong>
      {hint === undefined ? null : <Muted>{hint}</Muted>}
      {action}
    </Centered>
  );
}

/** A failed load, with the server's message key translated when we have it, and a retry. */
export function ErrorState({ error, retry }: { error: unknown; retry?: () => void }) {
  const { t } = useTranslation();
  return (
    <Centered role="alert">
      <strong>{t('common.loadFailed')}</strong>
      <Muted>{errorText(t, error)}</Muted>
      {retry === undefined ? null : (
        <Button $variant="secondary" onClick={retry}>
          {t('common.retry')}
        </Button>
      )}
    </Centered>
  );
}

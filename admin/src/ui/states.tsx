import { useTranslation } from 'react-i18next';
import styled, { keyframes } from 'styled-components';
import { ApiError } from '../api/errors';
import { ERROR_NAMESPACES } from '../i18n/i18n';
import { Button, Muted } from './primitives';

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

/**
 * The error as the member reads it: the translation of the server's message key, else the
 * dashboard's own text for the code (errors.<code>: answers the client makes up, such as
 * undefined_data), else the server's English message.
 */
export function errorText(t: (key: string, options?: Record<string, unknown>) => string, error: unknown): string {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  const byCode = t(`errors.${error.code}`, { ns: 'common', defaultValue: error.message });
  return error.messageKey === null ? byCode : t(error.messageKey, { ns: ERROR_NAMESPACES, defaultValue: byCode });
}

import { useId, type ReactElement, cloneElement } from 'react';
import styled from 'styled-components';

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.3rem;
  label {
    font-weight: 600;
    font-size: 0.9rem;
  }
  small {
    color: ${(p) => p.theme.muted};
  }
  .error {
    color: ${(p) => p.theme.danger};
    font-size: 0.85rem;
  }
`;

/** A labelled control with its hint and error tied to it for screen readers. */
export function Field({
  label,
  hint,
  error,
  children,
}: {
  label: string;
  hint?: string;
  error?: string | null;
  children: ReactElement<Record<string, unknown>>;
}) {
  const id = useId();
  const describedBy = [hint === undefined ? null : `${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <Wrapper>
      <label htmlFor={id}>{label}</label>
      {cloneElement(children, { id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
      {hint === undefined ? null : <small id={`${id}-hint`}>{hint}</small>}
      {error ? (
        <span className="error" id={`${id}-error`} role="alert">
          {error}
        </span>
      ) : null}
    </Wrapper>
  );
}

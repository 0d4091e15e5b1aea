import styled, { css } from 'styled-components';

/** Buttons, inputs and boxes every screen shares, drawn from the active theme. */
export const Button = styled.button<{ $variant?: 'primary' | 'secondary' | 'danger' | 'ghost' }>`
  display: inline-flex;
  align-items: center;
  gap: 0.4rem;
  min-height: 2.25rem;
  padding: 0 0.9rem;
  border-radius: 6px;
  border: 1px solid transparent;
  font: inherit;
  cursor: pointer;
  ${({ theme, $variant = 'primary' }) =>
    $variant === 'primary'
      ? css`
          background: ${theme.primary};
          color: ${theme.primaryText};
        `
      : $variant === 'danger'
        ? css`
            background: ${theme.danger};
            color: #fff;
          `
        : $variant === 'ghost'
          ? css`
              background: transparent;
              color: ${theme.text};
            `
          : css`
              background: ${theme.surface};
              color: ${theme.text};
              border-color: ${theme.border};
            `}
  &:disabled {
    opacity: 0.55;
    cursor: not-allowed;
  }
`;

export const IconButton = styled.button`
  display: inline-grid;
  place-items: center;
  position: relative;
  width: 2.25rem;
  height: 2.25rem;
  border-radius: 6px;
  border: 0;
  background: transparent;
  color: ${(p) => p.theme.text};
  cursor: pointer;
  &:hover {
    background: ${(p) => p.theme.surfaceAlt};
  }
`;

export const Card = styled.section`
  background: ${(p) => p.theme.surface};
  border: 1px solid ${(p) => p.theme.border};
  border-radius: 10px;
  padding: 1.1rem 1.25rem;
`;

export const Grid = styled.div<{ $min?: string }>`
  display: grid;
  gap: 1rem;
  grid-template-columns: repeat(auto-fill, minmax(${(p) => p.$min ?? '14rem'}, 1fr));
`;

export const Stack = styled.div<{ $gap?: string }>`
  display: flex;
  flex-direction: column;
  gap: ${(p) => p.$gap ?? '1rem'};
`;

export const Row = styled.div<{ $gap?: string; $wrap?: boolean }>`
  display: flex;
  align-items: center;
  gap: ${(p) => p.$gap ?? '0.75rem'};
  flex-wrap: ${(p) => (p.$wrap ? 'wrap' : 'nowrap')};
`;

const control = css`
  width: 100%;
  min-height: 2.25rem;
  padding: 0.4rem 0.6rem;
  border-radius: 6px;
  border: 1px solid ${(p) => p.theme.border};
  background: ${(p) => p.theme.surface};
  color: ${(p) => p.theme.text};
  font: inherit;
  &[aria-invalid='true'] {
    border-color: ${(p) => p.theme.danger};
  }
`;
export const Input = styled.input`
  ${control}
`;
export const Select = styled.select`
  ${control}
`;
export const Textarea = styled.textarea`
  ${control} min-height: 6rem;
  resize: vertical;
`;

export const Muted = styled.p`
  color: ${(p) => p.theme.muted};
  margin: 0;
`;

export type Tone = 'success' | 'warning' | 'info' | 'danger' | 'neutral';
export const Badge = styled.span<{ $tone?: Tone }>`
  display: inline-block;
  padding: 0.1rem 0.5rem;
  border-radius: 999px;
  font-size: 0.8rem;
  font-weight: 600;
  color: #fff;
  background: ${({ theme, $tone = 'neutral' }) => ($tone === 'neutral' ? theme.muted : theme[$tone])};
`;

export const Table = styled.table`
  th,
  td {
    text-align: start;
    padding: 0.55rem 0.6rem;
    border-bottom: 1px solid ${(p) => p.theme.border};
    vertical-align: middle;
  }
  th {
    color: ${(p) => p.theme.muted};
    font-weight: 600;
    font-size: 0.85rem;
  }
`;

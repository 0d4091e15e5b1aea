import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';

const Group = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  legend {
    font-weight: 600;
    font-size: 0.9rem;
    padding: 0;
    margin-bottom: 0.3rem;
  }
`;

const Stars = styled.div`
  display: inline-flex;
  gap: 0.15rem;
`;

/** Each star is a real radio: Tab reaches the group, arrow keys move the choice. */
const Star = styled.label<{ $on: boolean }>`
  cursor: pointer;
  font-size: 1.6rem;
  line-height: 1;
  color: ${(p) => (p.$on ? p.theme.warning : p.theme.border)};
  input {
    position: absolute;
    opacity: 0;
    width: 1px;
    height: 1px;
  }
  &:has(input:focus-visible) {
    outline: 2px solid ${(p) => p.theme.primary};
    outline-offset: 2px;
    border-radius: 4px;
  }
`;

/** A 1–5 star rating as a keyboard-operable radio group. */
export function StarRating({ value, onChange, label, error }: { value: number; onChange: (rating: number) => void; label: string; error?: string | null }) {
  const { t } = useTranslation('lms-student');
  const name = useId();
  return (
    <Group data-testid="review-rating" aria-invalid={error ? true : undefined}>
      <legend>{label}</legend>
      <Stars>
        {[1, 2, 3, 4, 5].map((rating) => (
          <Star key={rating} $on={rating <= value}>
            <input
              type="radio"
              name={name}
              value={rating}
              checked={value === rating}
              onChange={() => onChange(rating)}
              aria-label={t('review.stars', { rating })}
              data-testid={`review-star-${rating}`}
            />
            <span aria-hidden="true">★</span>
          </Star>
        ))}
      </Stars>
      {error ? (
        <span role="alert" style={{ display: 'block', fontSize: '0.85rem' }}>
          {error}
        </span>
      ) : null}
    </Group>
  );
}

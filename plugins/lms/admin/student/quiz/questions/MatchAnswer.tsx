import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Select } from '@lectern/admin/kit';
import type { Answer, StudentQuestion } from '../types';

const Pairs = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  gap: 0.5rem 1rem;
  align-items: center;
`;

/** match: for each left side, the right side the student pairs it with (answer: rights in left order). */
export function MatchAnswer({
  question,
  value,
  onChange,
  disabled,
}: {
  question: StudentQuestion;
  value: Answer | undefined;
  onChange: (answer: Answer) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation('lms-student');
  const lefts = question.left ?? [];
  const rights = question.right ?? [];
  const chosen = lefts.map((_left, index) => (Array.isArray(value) && typeof value[index] === 'string' ? (value[index] as string) : ''));
  const choose = (index: number, right: string) => onChange(chosen.map((old, i) => (i === index ? right : old)));
  return (
    <Pairs>
      {lefts.map((left, index) => (
        <label key={index} style={{ display: 'contents' }}>
          <span>{left}</span>
          <Select
            value={chosen[index]}
            onChange={(event) => choose(index, event.target.value)}
            disabled={disabled}
            data-testid="quiz-match-select"
            data-left={index}
          >
            <option value="">{t('quiz.choose')}</option>
            {rights.map((right) => (
              <option key={right} value={right}>
                {right}
              </option>
            ))}
          </Select>
        </label>
      ))}
    </Pairs>
  );
}

import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Answer, StudentQuestion } from '../types';

export const Choices = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.4rem;
  label {
    display: flex;
    gap: 0.5rem;
    align-items: center;
    cursor: pointer;
  }
`;

interface Props {
  question: StudentQuestion;
  value: Answer | undefined;
  onChange: (answer: Answer) => void;
  disabled: boolean;
}

/** single: one option by index. */
export function SingleAnswer({ question, value, onChange, disabled }: Props) {
  const name = useId();
  return (
    <Choices role="radiogroup">
      {(question.options ?? []).map((option, index) => (
        <label key={index}>
          <input
            type="radio"
            name={name}
            checked={value === index}
            onChange={() => onChange(index)}
            disabled={disabled}
            data-testid="quiz-option"
            data-value={index}
          />
          {option}
        </label>
      ))}
    </Choices>
  );
}

/** multiple: any options, as the sorted list of their indexes. */
export function MultipleAnswer({ question, value, onChange, disabled }: Props) {
  const chosen = new Set(Array.isArray(value) ? (value as unknown[]).filter((v): v is number => typeof v === 'number') : []);
  const toggle = (index: number) => {
    const next = new Set(chosen);
    if (next.has(index)) next.delete(index);
    else next.add(index);
    onChange([...next].sort((a, b) => a - b));
  };
  return (
    <Choices>
      {(question.options ?? []).map((option, index) => (
        <label key={index}>
          <input type="checkbox" checked={chosen.has(index)} onChange={() => toggle(index)} disabled={disabled} data-testid="quiz-option" data-value={index} />
          {option}
        </label>
      ))}
    </Choices>
  );
}

/** truefalse: a boolean. */
export function TrueFalseAnswer({ value, onChange, disabled }: Props) {
  const { t } = useTranslation('lms-student');
  const name = useId();
  return (
    <Choices role="radiogroup">
      {[true, false].map((choice) => (
        <label key={String(choice)}>
          <input
            type="radio"
            name={name}
            checked={value === choice}
            onChange={() => onChange(choice)}
            disabled={disabled}
            data-testid="quiz-option"
            data-value={String(choice)}
          />
          {t(choice ? 'quiz.true' : 'quiz.false')}
        </label>
      ))}
    </Choices>
  );
}

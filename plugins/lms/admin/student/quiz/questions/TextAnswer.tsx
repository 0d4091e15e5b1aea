import { useTranslation } from 'react-i18next';
import { Input, Muted, Textarea } from '@lectern/admin/kit';
import type { Answer, StudentQuestion } from '../types';

interface Props {
  question: StudentQuestion;
  value: Answer | undefined;
  onChange: (answer: Answer) => void;
  disabled: boolean;
  labelledBy: string;
}

const textOf = (value: Answer | undefined) => (typeof value === 'string' ? value : '');
const wordCount = (text: string) => (text.trim() === '' ? 0 : text.trim().split(/\s+/).length);

/** fill: the word or words for the blank. */
export function FillAnswer({ value, onChange, disabled, labelledBy }: Props) {
  return (
    <Input
      value={textOf(value)}
      onChange={(event) => onChange(event.target.value)}
      disabled={disabled}
      maxLength={1000}
      aria-labelledby={labelledBy}
      data-testid="quiz-text-answer"
    />
  );
}

/** essay: free text for the instructor to mark, with the word limit when there is one. */
export function EssayAnswer({ question, value, onChange, disabled, labelledBy }: Props) {
  const { t } = useTranslation('lms-student');
  const text = textOf(value);
  const words = wordCount(text);
  const over = question.max_words !== undefined && words > question.max_words;
  return (
    <>
      <Textarea
        value={text}
        onChange={(event) => onChange(event.target.value)}
        disabled={disabled}
        rows={8}
        maxLength={100_000}
        aria-labelledby={labelledBy}
        aria-invalid={over ? true : undefined}
        data-testid="quiz-text-answer"
      />
      <Muted aria-live="polite">{question.max_words === undefined ? t('quiz.words', { words }) : t('quiz.wordsOf', { words, max: question.max_words })}</Muted>
    </>
  );
}
